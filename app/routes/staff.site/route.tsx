import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { StaffPage } from "~/components/staff/staff-page";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readSubmission } from "~/server/submission.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";
import { SiteIntentSchema, siteIntent, sitePage } from "./page.server";
import { BannerForm, type BannerValues } from "./banner-form";
import { FlagsTable } from "./flags-table";

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

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "site");
  const page = await sitePage(new URL(request.url));
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "site");
  const submission = await readSubmission(request, SiteIntentSchema);
  if (!submission.ok) return submission.reply;
  return siteIntent(submission.value.intent)(actor, submission);
}

/** A refused banner: its values carry the form's `intent`. */
const isBanner = (values: object): values is BannerValues => "intent" in values && values.intent === "banner";

export default function StaffSiteRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const refused: object = result?.values ?? {};
  const banner = result && isBanner(refused) ? { errors: result.errors, values: refused } : null;
  return (
    <StaffPage
      id="site-title"
      title="Banner and feature flags"
      intro="The line of news above public pages, and the switches that turn parts of the site on or off. Changes show at once."
      notice={page.notice}
    >
      {result?.errors.form && !banner ? (
        <p className="notice notice--error" role="alert">
          {result.errors.form}
        </p>
      ) : null}
      <h2 id="banner-title">News banner</h2>
      <p>
        Now: {page.banner.text ? <span data-testid="banner-now">{page.banner.text}</span> : "no banner written yet"} ·{" "}
        {page.banner.active ? "shown" : "hidden"}
      </p>
      <BannerForm
        values={banner?.values ?? { ...page.banner, active: page.banner.active ? "on" : "" }}
        errors={banner?.errors ?? {}}
        busy={busy}
      />
      <h2 id="flags-title">Feature flags</h2>
      <FlagsTable flags={page.flags} busy={busy} />
    </StaffPage>
  );
}
