import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffItemCheck, StaffItemField } from "~/components/staff/staff-item-field";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffTable } from "~/components/staff/staff-table";
import { BANNER_LABEL_MAX, BANNER_TEXT_MAX, BannerFormSchema, FlagFormSchema, fieldErrors } from "~/models/staff/catalogue-form";
import { getStoredBanner, listFlags, saveBanner, setFlag } from "~/models/staff/catalogue.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readRouteForm } from "~/server/body-limits.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26: what the site says, for admins: the news banner (text, link, on or off) shown on the
 * pages whose handle asks for it, and the feature flags (ADR 052). A change drops this instance's
 * content and page caches at once and is signalled to the other instances; the banner's text is
 * stored and shown as text only. Every change leaves one audit entry.
 */
export const handle = defineHandle({
  name: "staff-site",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.site.roles],
});

export const meta: MetaFunction = () => [{ title: "Banner and feature flags · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  banner: "Banner saved. Public pages show it now.",
  flag: "Flag saved. It takes effect now.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

const FLAG_NOTES: Record<string, string> = {
  onDemand: "The on-demand library in the navigation and on the home page.",
  gifts: "Gift memberships.",
  studios: "Class credits and in-person studios.",
  adPixel: "The ad pixel's page views, when a pixel is configured.",
  tagManager: "The tag manager and social scripts, when configured.",
  surveys: "Surveys after classes.",
};

type ActionData = { intent: "banner" | "flag" | null; error: string; errors: Record<string, string>; values: Record<string, string> };

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "site");
  const [banner, flags] = await Promise.all([getStoredBanner(), listFlags()]);
  return data(
    {
      notice: NOTICES[new URL(request.url).searchParams.get("done") ?? ""] ?? null,
      banner: { text: banner?.text ?? "", linkLabel: banner?.linkLabel ?? "", href: banner?.href ?? "", active: banner?.active ?? false },
      flags: flags.map((flag) => ({ ...flag, note: FLAG_NOTES[flag.name] ?? "" })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "site");
  const body = await readRouteForm(request);
  if (!body.ok) return data<ActionData>({ intent: null, error: body.message, errors: {}, values: {} }, { status: body.status });
  const form = body.formData;
  const text = (name: string, max = 400) => String(form.get(name) ?? "").slice(0, max);
  if (text("intent") === "banner") {
    const values = { text: text("text", BANNER_TEXT_MAX * 4), linkLabel: text("linkLabel"), href: text("href"), active: text("active") };
    const parsed = BannerFormSchema.safeParse(values);
    if (!parsed.success)
      return data<ActionData>(
        { intent: "banner", error: "Please check the fields marked below.", errors: fieldErrors(parsed.error), values },
        { status: 400 },
      );
    const result = await saveBanner(actor, parsed.data);
    return redirect(`/staff/site?done=${result.ok && result.changed ? "banner" : "unchanged"}`);
  }
  const parsed = FlagFormSchema.safeParse({ flag: text("flag", 100), enabled: text("enabled") });
  if (text("intent") !== "flag" || !parsed.success)
    return data<ActionData>({ intent: null, error: "Please use the buttons on this page.", errors: {}, values: {} }, { status: 400 });
  const result = await setFlag(actor, parsed.data.flag, parsed.data.enabled === "on");
  if (!result.ok)
    return data<ActionData>({ intent: "flag", error: result.problem.message, errors: {}, values: {} }, { status: result.problem.status });
  return redirect(`/staff/site?done=${result.changed ? "flag" : "unchanged"}`);
}

export default function StaffSiteRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const banner = result?.intent === "banner" ? result : null;
  const values = banner?.values ?? { ...page.banner, active: page.banner.active ? "on" : "" };
  return (
    <StaffPage
      id="site-title"
      title="Banner and feature flags"
      intro="The line of news above public pages, and the switches that turn parts of the site on or off. Changes show at once."
      notice={page.notice}
    >
      {result?.error && result.intent !== "banner" ? (
        <p className="notice notice--error" role="alert">
          {result.error}
        </p>
      ) : null}
      <h2 id="banner-title">News banner</h2>
      <p>
        Now: {page.banner.text ? <span data-testid="banner-now">{page.banner.text}</span> : "no banner written yet"} ·{" "}
        {page.banner.active ? "shown" : "hidden"}
      </p>
      {banner?.error ? (
        <p className="notice notice--error" role="alert">
          {banner.error}
        </p>
      ) : null}
      <Form method="post" className="stack" aria-labelledby="banner-title">
        <input type="hidden" name="intent" value="banner" />
        <StaffItemField
          idBase="banner"
          name="text"
          label="Text"
          hint={`Plain words, up to ${BANNER_TEXT_MAX} characters.`}
          defaultValue={values.text ?? ""}
          error={banner?.errors.text}
        />
        <StaffItemField
          idBase="banner"
          name="linkLabel"
          label="Link words"
          hint={`Up to ${BANNER_LABEL_MAX} characters, such as "Take a look".`}
          defaultValue={values.linkLabel ?? ""}
          error={banner?.errors.linkLabel}
        />
        <StaffItemField
          idBase="banner"
          name="href"
          label="Link to"
          hint="A page on this site, starting with /, such as /gift."
          defaultValue={values.href ?? ""}
          error={banner?.errors.href}
        />
        <StaffItemCheck idBase="banner" name="active" label="Show the banner" defaultChecked={values.active === "on"} />
        <div className="button-row">
          <button type="submit" className="button" disabled={busy}>
            Save the banner
          </button>
        </div>
      </Form>
      <h2 id="flags-title">Feature flags</h2>
      <StaffTable labelledBy="flags-title" headers={["Flag", "What it turns on", "Now", "Change"]}>
        {page.flags.map((flag) => (
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
    </StaffPage>
  );
}
