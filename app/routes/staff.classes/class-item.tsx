import { Form } from "@remix-run/react";
import type { FieldErrors } from "~/lib/forms/submission";
import { StaffRoster } from "~/components/staff/staff-page";
import type { ClassesPage, StaffClassRow } from "./page.server";

/** What the action sent back about this class: the messages and the note as it was typed. */
export type ClassAnswer = { errors: FieldErrors; values: { note?: string } } | null;

type ItemProps = { c: StaffClassRow; page: ClassesPage; busy: boolean; answer: ClassAnswer };

/** One class of the next two weeks: its facts, roster, note, changes and (for an admin) its cohosts. */
export function StaffClassItem({ c, page, busy, answer }: ItemProps) {
  const message = answer ? Object.values(answer.errors).find(Boolean) : undefined;
  return (
    <li className="staff-class">
      <h3 className="staff-class__title">
        <a href={c.href}>{c.title}</a>
      </h3>
      <p className="schedule-item__facts">
        {c.when} · {c.teacher}
        {c.studio ? ` · ${c.studio}` : ""}
        {c.cancelled ? " · Cancelled" : ""}
      </p>
      {message ? (
        <p className="field__error" role="alert">
          {message}
        </p>
      ) : null}
      {c.cancelled ? null : (
        <>
          <StaffRoster label={`Booked for ${c.title}, ${c.when}`} roster={c.roster} />
          {c.roster.length > 0 ? <ClassNoteForm c={c} noteMax={page.noteMax} busy={busy} note={answer?.values.note ?? ""} /> : null}
          <ClassChangeForms c={c} teachers={page.teachers} busy={busy} />
        </>
      )}
      {page.cohosts && !c.cancelled ? <ClassCohosts c={c} cohosts={page.cohosts} busy={busy} /> : null}
    </li>
  );
}

/** A note to everyone booked (ADR 050), e-mailed once to each. */
function ClassNoteForm({ c, noteMax, busy, note }: { c: StaffClassRow; noteMax: number; busy: boolean; note: string }) {
  return (
    <Form method="post" className="staff-class__note" noValidate>
      <input type="hidden" name="intent" value="note" />
      <input type="hidden" name="classId" value={c.id} />
      <div className="field">
        <label htmlFor={`note-${c.id}`}>Note to everyone booked</label>
        <p className="field__hint" id={`note-${c.id}-hint`}>
          Plain text, up to {noteMax} characters, e-mailed once to each person booked.
        </p>
        <textarea id={`note-${c.id}`} name="note" rows={3} maxLength={noteMax} defaultValue={note} aria-describedby={`note-${c.id}-hint`} />
      </div>
      <button
        className="button button--secondary button--small"
        type="submit"
        disabled={busy}
        aria-label={`Send the note: ${c.title}, ${c.when}`}
      >
        Send the note
      </button>
    </Form>
  );
}

/** Name a substitute teacher, or cancel (which asks once more first). */
function ClassChangeForms({ c, teachers, busy }: { c: StaffClassRow; teachers: ClassesPage["teachers"]; busy: boolean }) {
  return (
    <div className="button-row">
      <Form method="post" className="staff-class__form">
        <input type="hidden" name="intent" value="substitute" />
        <input type="hidden" name="classId" value={c.id} />
        <label htmlFor={`teacher-${c.id}`}>Teacher</label>
        <select id={`teacher-${c.id}`} name="teacherId" defaultValue={c.teacherId}>
          {teachers.map((t) => (
            <option key={t.id} value={t.id}>
              {t.name}
            </option>
          ))}
        </select>
        <button className="button button--secondary button--small" type="submit" disabled={busy}>
          Save teacher
        </button>
      </Form>
      <Form method="post">
        <input type="hidden" name="intent" value="cancel" />
        <input type="hidden" name="classId" value={c.id} />
        <button className="button button--danger button--small" type="submit" disabled={busy} aria-label={`Cancel ${c.title}, ${c.when}`}>
          {/* The name starts with the word shown, so "click Cancel" works by voice (WCAG 2.5.3). */}
          Cancel
        </button>
      </Form>
    </div>
  );
}

type Cohosts = NonNullable<ClassesPage["cohosts"]>;

/** Issue 26 (ADR 051): an admin adds and removes a class's cohosts. */
function ClassCohosts({ c, cohosts, busy }: { c: StaffClassRow; cohosts: Cohosts; busy: boolean }) {
  return (
    <div className="stack">
      <p className="schedule-item__facts">Cohosts: {c.cohosts.length === 0 ? "none" : c.cohosts.map((h) => h.name).join(", ")}</p>
      <div className="button-row">
        {c.cohosts.map((h) => (
          <Form method="post" key={h.uid}>
            <input type="hidden" name="intent" value="remove-cohost" />
            <input type="hidden" name="classId" value={c.id} />
            <input type="hidden" name="uid" value={h.uid} />
            <button
              className="button button--secondary button--small"
              type="submit"
              disabled={busy}
              aria-label={`Remove ${h.name} as cohost of ${c.title}, ${c.when}`}
            >
              Remove {h.name}
            </button>
          </Form>
        ))}
        {cohosts.length > 0 ? (
          <AddCohostForm c={c} cohosts={cohosts} busy={busy} />
        ) : (
          <p>
            Nobody holds the cohost role yet: grant it on <a href="/staff/people">People and roles</a>.
          </p>
        )}
      </div>
    </div>
  );
}

function AddCohostForm({ c, cohosts, busy }: { c: StaffClassRow; cohosts: Cohosts; busy: boolean }) {
  return (
    <Form method="post" className="staff-class__form">
      <input type="hidden" name="intent" value="add-cohost" />
      <input type="hidden" name="classId" value={c.id} />
      <label htmlFor={`cohost-${c.id}`}>Cohost</label>
      <select id={`cohost-${c.id}`} name="uid">
        {cohosts.map((h) => (
          <option key={h.uid} value={h.uid}>
            {h.name}
          </option>
        ))}
      </select>
      <button
        className="button button--secondary button--small"
        type="submit"
        disabled={busy}
        aria-label={`Add cohost to ${c.title}, ${c.when}`}
      >
        Add cohost
      </button>
    </Form>
  );
}
