import { Link } from "~/components/link";
import type { ReactNode } from "react";

/**
 * The frame every back-office page shares (issue 26): a way back to the staff home, the page's
 * heading and a sentence on what it is for, and a status line for what the last post did.
 */
export function StaffPage({
  id,
  title,
  intro,
  notice,
  children,
}: {
  id: string;
  title: string;
  intro: ReactNode;
  notice?: string | null;
  children: ReactNode;
}) {
  return (
    <section className="section staff-page" aria-labelledby={id}>
      <div className="container container--narrow stack">
        <header className="page-intro">
          <p className="eyebrow">
            <Link to="/staff">Staff</Link>
          </p>
          <h1 id={id}>{title}</h1>
          <p>{intro}</p>
        </header>
        {notice ? (
          <p className="notice notice--success" role="status">
            {notice}
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** Roles and what each lets the person do, as a definition list (the staff home and the people page). */
export function StaffRoleList({ roles }: { roles: Array<{ role: string; label: string; duty: string }> }) {
  return (
    <dl className="staff-roles">
      {roles.map((r) => (
        <div key={r.role} className="staff-roles__item">
          <dt>{r.label}</dt>
          <dd>{r.duty}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * A group of checkboxes or radio buttons under one legend, with an optional hint and an error tied
 * to the group, as every staff form lays them out.
 */
export function StaffChoiceGroup({
  type,
  name,
  legend,
  options,
  checked,
  hint,
  error,
  idBase,
}: {
  type: "checkbox" | "radio";
  name: string;
  legend: string;
  options: Array<{ value: string; label: string }>;
  checked: readonly string[];
  hint?: string;
  error?: string | null;
  idBase: string;
}) {
  const hintId = hint ? `${idBase}-hint` : undefined;
  const errorId = error ? `${idBase}-error` : undefined;
  return (
    <fieldset className="staff-fieldset" aria-describedby={[hintId, errorId].filter(Boolean).join(" ") || undefined}>
      <legend>{legend}</legend>
      {hint ? (
        <p className="field__hint" id={hintId}>
          {hint}
        </p>
      ) : null}
      <div className="staff-checks">
        {options.map((option) => (
          <label key={option.value}>
            <input type={type} name={name} value={option.value} defaultChecked={checked.includes(option.value)} />
            {option.label}
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" id={errorId} role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** A small table of text with a caption for screen readers (audit diffs, redemptions). */
export function StaffTable({
  caption,
  columns,
  rows,
  rowHeader = false,
}: {
  caption: string;
  columns: string[];
  rows: Array<{ key: string; cells: string[] }>;
  rowHeader?: boolean;
}) {
  return (
    <div className="table-scroll">
      <table className="staff-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th key={column} scope="col">
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.key}>
              {row.cells.map((cell, index) =>
                rowHeader && index === 0 ? (
                  <th key={index} scope="row">
                    {cell}
                  </th>
                ) : (
                  <td key={index}>{cell}</td>
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Who is booked on a class: first names, and a mark beside anyone for whom it is their first class. */
export function StaffRoster({ label, roster }: { label: string; roster: Array<{ firstName: string; firstClass: boolean }> }) {
  if (roster.length === 0) return <p>Nobody has booked yet.</p>;
  return (
    <ul aria-label={label} className="staff-roster">
      {roster.map((person, index) => (
        <li key={index}>
          {person.firstName}
          {person.firstClass ? <strong className="staff-badge"> · first class</strong> : null}
        </li>
      ))}
    </ul>
  );
}
