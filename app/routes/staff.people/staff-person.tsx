import { Form } from "@remix-run/react";
import { StaffChoiceGroup } from "~/components/staff/staff-page";
import type { Role } from "~/models/identity/user";

export interface StaffPersonView {
  uid: string;
  name: string;
  contact: string;
  roles: Role[];
  studioIds: string[];
  teacherId: string;
  anonymous: boolean;
}

/**
 * One person on the admin's people page (issue 26): who they are, a form for their roles and, when
 * they are studio staff, one for the studios whose front desk they run. Plain posts; the error of
 * the last post for this person is shown beside the form it came from.
 * Issue 34: the forms sit in a disclosure ("Change roles"), closed in the list of everyone with a
 * role so the page reads as a list of people and what they hold, open for a search's results and
 * for a person whose last post was refused.
 */
export function StaffPersonCard({
  person,
  where,
  roles,
  studios,
  teachers,
  q,
  busy,
  error,
  open = false,
}: {
  person: StaffPersonView;
  where: string;
  roles: Array<{ role: Role; label: string }>;
  studios: Array<{ id: string; name: string }>;
  teachers: Array<{ id: string; name: string }>;
  q: string;
  busy: boolean;
  error: { intent: string | null; message: string } | null;
  open?: boolean;
}) {
  const base = `${where}-${person.uid}`;
  const headingId = `${base}-name`;
  return (
    <li className="staff-person" aria-labelledby={headingId} data-uid={person.uid}>
      <h3 id={headingId} className="staff-areas__title">
        {person.name}
      </h3>
      <p>{person.contact || "No phone or e-mail on the account"}</p>
      <p className="staff-person__roles">
        {person.roles.length === 0
          ? "No role"
          : `Roles: ${person.roles.map((role) => roles.find((r) => r.role === role)?.label ?? role).join(", ")}`}
        {person.roles.includes("facilitator") && person.teacherId
          ? ` · teaches as ${teachers.find((t) => t.id === person.teacherId)?.name ?? person.teacherId}`
          : ""}
      </p>
      {person.anonymous ? (
        <p>This is an anonymous account: it can't hold a role until they sign up.</p>
      ) : (
        <details className="staff-person__edit" open={open || error !== null}>
          <summary>
            {person.roles.includes("studioStaff") && studios.length > 0 ? "Change roles or front desks" : "Change roles"}
            <span className="visually-hidden"> for {person.name}</span>
          </summary>
          <Form method="post" aria-label={`Roles for ${person.name}`}>
            <input type="hidden" name="intent" value="roles" />
            <input type="hidden" name="uid" value={person.uid} />
            <input type="hidden" name="q" value={q} />
            <StaffChoiceGroup
              type="checkbox"
              name="role"
              legend={`Roles for ${person.name}`}
              options={roles.map((r) => ({ value: r.role, label: r.label }))}
              checked={person.roles}
              error={error?.intent === "roles" ? error.message : null}
              idBase={`${base}-roles`}
            />
            <div className="field">
              <label htmlFor={`${base}-teacher`}>Teaches as (for a facilitator)</label>
              <select id={`${base}-teacher`} name="teacherId" defaultValue={person.teacherId}>
                <option value="">No teacher</option>
                {teachers.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className="button button--secondary button--small" disabled={busy}>
              Save roles
            </button>
          </Form>
          {person.roles.includes("studioStaff") && studios.length > 0 ? (
            <Form method="post" aria-label={`Front desks for ${person.name}`}>
              <input type="hidden" name="intent" value="studios" />
              <input type="hidden" name="uid" value={person.uid} />
              <input type="hidden" name="q" value={q} />
              <StaffChoiceGroup
                type="checkbox"
                name="studio"
                legend={`Front desks ${person.name} runs`}
                options={studios.map((st) => ({ value: st.id, label: st.name }))}
                checked={person.studioIds}
                error={error?.intent === "studios" ? error.message : null}
                idBase={`${base}-studios`}
              />
              <button type="submit" className="button button--secondary button--small" disabled={busy}>
                Save front desks
              </button>
            </Form>
          ) : null}
        </details>
      )}
    </li>
  );
}
