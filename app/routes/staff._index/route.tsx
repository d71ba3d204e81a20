import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { StaffRoleList } from "~/components/staff/staff-page";
import { ROLE_DUTIES, ROLE_LABEL, STAFF_AREAS, areasFor } from "~/models/staff/staff-areas";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";

/**
 * Issue 26: the staff home. Each signed-in staff member sees what their roles let them do and
 * nothing else: the areas their roles open, and one sentence per role. Read fresh on every request
 * (the guard asks the identity provider), so a removed role disappears from here at once.
 */
export const handle = defineHandle({
  name: "staff-home",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.home.roles],
});

export const meta: MetaFunction = () => [{ title: "Staff · Stillhour" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { viewer, user } = await requireStaff(request, "home");
  const roles = viewer.roles;
  return data(
    {
      firstName: user.firstName,
      roles: roles.map((role) => ({ role, label: ROLE_LABEL[role], duty: ROLE_DUTIES[role] })),
      areas: areasFor(roles).map((area) => ({ id: area.id, title: area.title, href: area.href, summary: area.summary(roles) })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

export default function StaffHomeRoute() {
  const page = useLoaderData<typeof loader>();
  return (
    <section className="section" aria-labelledby="staff-home-title">
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">Staff</p>
          <h1 id="staff-home-title">{page.firstName ? `Hello, ${page.firstName}` : "Staff home"}</h1>
          <p>What your roles let you do on the site. Every change you make here is recorded in the audit log.</p>
        </header>
        <h2>Your roles</h2>
        <StaffRoleList roles={page.roles} />
        <h2>Your pages</h2>
        {page.areas.length === 0 ? (
          <p>None of your roles opens a staff page yet. Ask an admin if you expected one.</p>
        ) : (
          <ul className="staff-areas" data-testid="staff-areas">
            {page.areas.map((area) => (
              <li key={area.id} className="staff-areas__item">
                <h3 className="staff-areas__title">
                  <Link to={area.href}>{area.title}</Link>
                </h3>
                <p>{area.summary}</p>
              </li>
            ))}
          </ul>
        )}
      </div>
    </section>
  );
}
