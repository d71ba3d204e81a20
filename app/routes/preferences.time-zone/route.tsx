import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { FieldError } from "~/components/form-field";
import { defineHandle } from "~/lib/route-handle";
import { zoneLabel, zonesByRegion } from "~/models/identity/time-zone";
import { readTimeZoneForm, saveTimeZone, timeZoneReturnPath } from "~/server/time-zone.server";
import { getVisitor } from "~/server/visitor.server";
import { defineActionLimits } from "~/lib/action-limits";
import { FALLBACK_TIME_ZONE } from "~/models/identity/user";

/**
 * Issue 9: the zone class times are shown in. Anyone can choose one with this plain form; it wins over
 * the zone the browser reports to /api/time-zone.
 */
export const handle = defineHandle({ name: "time-zone", layout: "main", theme: "light", localTimes: true });

export const meta: MetaFunction = () => [{ title: "Your time zone · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const visitor = await getVisitor(request);
  const url = new URL(request.url);
  const zone = visitor.timeZone?.zone ?? FALLBACK_TIME_ZONE;
  return data(
    {
      zone,
      label: zoneLabel(zone),
      known: Boolean(visitor.timeZone),
      groups: zonesByRegion(),
      next: timeZoneReturnPath(url.searchParams.get("next")),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  zone: { does: ["write"], bound: "one zone on the session and the member's record, replaced; nothing accumulates" },
});

export async function action({ request, context }: ActionFunctionArgs) {
  const submission = await readTimeZoneForm(request);
  if (!submission.ok) return submission.reply;
  const setCookie = await saveTimeZone(request, context, submission.value);
  const headers = new Headers({ "Cache-Control": "no-store" });
  if (setCookie) headers.append("Set-Cookie", setCookie);
  return redirect(timeZoneReturnPath(submission.value.next), { headers });
}

export default function TimeZoneRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  // The zone's own message; a hand-made post's other problem (its source, its way back) shows here too.
  const errors = actionData?.errors;
  const error = errors ? (errors.timeZone ?? errors.form ?? Object.values(errors)[0]) : undefined;
  return (
    <section className="section" aria-labelledby="time-zone-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Class times</p>
          <h1 id="time-zone-title">Your time zone</h1>
          <p>
            {page.known
              ? `Class times are shown in ${page.label}.`
              : "We don't know your time zone yet, so class times are shown in Greenwich time (GMT). Choose yours and every time on the site follows it."}
          </p>
        </header>
        <Form method="post" className="auth-card stack" noValidate>
          <input type="hidden" name="source" value="chosen" />
          <input type="hidden" name="next" value={page.next} />
          <div className="field">
            <label htmlFor="field-timeZone">Time zone</label>
            <select
              id="field-timeZone"
              name="timeZone"
              defaultValue={page.zone}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? "field-timeZone-error" : undefined}
            >
              {page.groups.map((group) => (
                <optgroup key={group.region} label={group.region}>
                  {group.zones.map((zone) => (
                    <option key={zone} value={zone}>
                      {zone.replaceAll("_", " ")}
                    </option>
                  ))}
                </optgroup>
              ))}
            </select>
            <FieldError id={error ? "field-timeZone-error" : undefined} error={error} />
          </div>
          <button className="button" type="submit" disabled={navigation.state === "submitting"}>
            {navigation.state === "submitting" ? "Saving…" : "Show times in this zone"}
          </button>
        </Form>
      </div>
    </section>
  );
}
