import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { Link } from "~/components/link";
import { useMemo } from "react";
import { frontDeskAction, frontDeskPage } from "./page.server";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";
import { CodeCheckIn, deskMessage } from "./code-check-in";
import { DeskClass, NameSearch, WaiverSignatures } from "./desk-sections";

/**
 * Issue 12: the front desk for studio staff and admins. Today's classes at their studio, each roster
 * with waiver status; check in by typing or scanning a ticket's code, or by finding a name and
 * tapping it; undo; no-shows after the class. Big targets, nothing hover-only, plain forms: it works
 * without JavaScript, and the camera scanner is loaded only where the browser has a barcode detector.
 */
export const handle = defineHandle({
  name: "staff-studio",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.frontDesk.roles],
});

export const meta: MetaFunction = () => [{ title: "Front desk · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const state = await requireStaff(request, "frontDesk");
  const page = await frontDeskPage(new URL(request.url), state, new Date());
  return data(page, { headers: { "Cache-Control": "private, no-store" } });
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const state = await requireStaff(request, "frontDesk");
  return frontDeskAction(request, state);
}

export default function StaffStudioRoute() {
  const page = useLoaderData<typeof loader>();
  const { studio } = page;
  const answer = useActionData<typeof action>();
  // One object per answer, so the code box is cleared once per answer and not on every render.
  const result = useMemo(() => deskMessage(answer), [answer]);
  const busy = useNavigation().state === "submitting";
  if (!studio) {
    return (
      <section className="section">
        <div className="container container--narrow stack">
          <h1>Front desk</h1>
          <p>You aren't assigned to a studio yet. Ask an admin to add you to one.</p>
        </div>
      </section>
    );
  }
  return (
    <section className="section" aria-labelledby="desk-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Staff · {studio.name}</p>
          <h1 id="desk-title">Front desk</h1>
          <p>Today's classes, in {studio.zone} time.</p>
          {page.studios.length > 1 ? (
            <ul className="category-nav" aria-label="Studios">
              {page.studios.map((s) => (
                <li key={s.slug}>
                  <Link to={`/staff/studio?studio=${s.slug}`} aria-current={s.slug === studio.slug ? "page" : undefined}>
                    {s.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </header>

        {result ? (
          <p id="desk-result" className={`notice notice--${result.tone}`} role={result.tone === "error" ? "alert" : "status"}>
            {result.message}
          </p>
        ) : null}

        <CodeCheckIn studioSlug={studio.slug} result={result} busy={busy} />
        <NameSearch studioSlug={studio.slug} query={page.query} />

        {page.classes.length === 0 ? <p>No classes here today.</p> : null}
        {page.classes.map((c) => (
          <DeskClass key={c.id} c={c} studioSlug={studio.slug} query={page.query} busy={busy} />
        ))}

        <WaiverSignatures signatures={page.signatures} />
      </div>
    </section>
  );
}
