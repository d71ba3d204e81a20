import { Form } from "@remix-run/react";
import { StaffChoiceGroup } from "~/components/staff-page";
import type { Role } from "~/features/identity/user";

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
}: {
  person: StaffPersonView;
  where: string;
  roles: Array<{ role: Role; label: string }>;
  studios: Array<{ id: string; name: string }>;
  teachers: Array<{ id: string; name: string }>;
  q: string;
  busy: boolean;
  error: { intent: string | null; message: string } | null;
}) {
  const base = `${where}-${person.uid}`;
  const headingId = `${base}-name`;
  return (
    <li className="staff-person" aria-labelledby={headingId} data-uid={person.uid}>
      <h3 id={headingId} className="staff-areas__title">
        {person.name}
      </h3>
      <p>{person.contact || "No phone or e-mail on the account"}</p>
      {person.anonymous ? (
        <p>This is an anonymous account: it can't hold a role until they sign up.</p>
      ) : (
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
      )}
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
    </li>
  );
}
