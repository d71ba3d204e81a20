import { Form } from "@remix-run/react";
import { StaffTable } from "~/components/staff/staff-table";
import type { SitePage } from "./page.server";

/** Every feature flag, what it turns on, whether it is on now (or by default), and its switch. */
export function FlagsTable({ flags, busy }: { flags: SitePage["flags"]; busy: boolean }) {
  return (
    <StaffTable labelledBy="flags-title" headers={["Flag", "What it turns on", "Now", "Change"]}>
      {flags.map((flag) => (
        <tr key={flag.name} data-flag={flag.name}>
          <th scope="row">{flag.name}</th>
          <td>{flag.note}</td>
          <td>
            {flag.enabled ? "On" : "Off"}
            {flag.stored ? "" : " (default)"}
          </td>
          <td>
            <Form method="post">
              <input type="hidden" name="intent" value="flag" />
              <input type="hidden" name="flag" value={flag.name} />
              <button
                type="submit"
                name="enabled"
                value={flag.enabled ? "off" : "on"}
                className="button button--secondary button--small"
                disabled={busy}
                aria-label={`Turn ${flag.enabled ? "off" : "on"} ${flag.name}`}
              >
                Turn {flag.enabled ? "off" : "on"}
              </button>
            </Form>
          </td>
        </tr>
      ))}
    </StaffTable>
  );
}
