import { Form } from "@remix-run/react";
import { Link } from "~/components/link";
import type { frontDeskPage } from "./page.server";

type DeskPage = Awaited<ReturnType<typeof frontDeskPage>>;
type DeskClassRow = DeskPage["classes"][number];

/** Find a person by name among today's rosters (a plain GET, so it works without JavaScript). */
export function NameSearch({ studioSlug, query }: { studioSlug: string; query: string }) {
  return (
    <Form method="get" className="stack" role="search" aria-label="Find a person">
      <input type="hidden" name="studio" value={studioSlug} />
      <div className="field">
        <label htmlFor="desk-search">Find by name</label>
        <input id="desk-search" name="q" type="search" defaultValue={query} autoComplete="off" />
      </div>
      <div className="button-row">
        <button className="button button--secondary desk-button" type="submit">
          Search
        </button>
        {query ? (
          <Link className="button button--quiet desk-button" to={`/staff/studio?studio=${studioSlug}`}>
            Show everyone
          </Link>
        ) : null}
      </div>
    </Form>
  );
}

type ClassProps = { c: DeskClassRow; studioSlug: string; query: string; busy: boolean };

/** One of today's classes: its roster with check-in and undo, and no-shows once it has ended. */
export function DeskClass({ c, studioSlug, query, busy }: ClassProps) {
  return (
    <section className="stack" aria-labelledby={`class-${c.id}`}>
      <h2 id={`class-${c.id}`}>
        {c.when} · {c.title}
      </h2>
      <p className="studio-muted">
        {c.room} · {c.counts.checkedIn} checked in, {c.counts.booked} still to arrive
      </p>
      {c.people.length === 0 ? <p>{query ? "Nobody by that name in this class." : "Nobody booked yet."}</p> : null}
      <ul className="desk-roster">
        {c.people.map((p) => (
          <li key={p.ticketId}>
            <div>
              <p className="desk-roster__name">{p.name}</p>
              <p className="desk-roster__facts">
                {p.statusLabel} · {p.waiverOk ? p.waiver : <strong>{p.waiver}</strong>}
              </p>
            </div>
            <PersonButton person={p} ended={c.ended} studioSlug={studioSlug} busy={busy} />
          </li>
        ))}
      </ul>
      {c.ended ? (
        <Form method="post">
          <input type="hidden" name="intent" value="no-shows" />
          <input type="hidden" name="studio" value={studioSlug} />
          <input type="hidden" name="classId" value={c.id} />
          <button className="button button--secondary desk-button" type="submit" disabled={busy}>
            Mark the rest as no-shows
          </button>
        </Form>
      ) : null}
    </section>
  );
}

type PersonProps = { person: DeskClassRow["people"][number]; ended: boolean; studioSlug: string; busy: boolean };

/** Check in someone booked (until the class ends), or undo a check-in. */
function PersonButton({ person: p, ended, studioSlug, busy }: PersonProps) {
  if (p.status === "booked" && !ended) {
    return (
      <Form method="post">
        <input type="hidden" name="intent" value="check-in" />
        <input type="hidden" name="studio" value={studioSlug} />
        <input type="hidden" name="ticketId" value={p.ticketId} />
        <button className="button desk-button" type="submit" disabled={busy} aria-label={`Check in ${p.name}`}>
          Check in
        </button>
      </Form>
    );
  }
  if (p.status !== "checked_in") return <span />;
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="undo" />
      <input type="hidden" name="studio" value={studioSlug} />
      <input type="hidden" name="ticketId" value={p.ticketId} />
      <button className="button button--secondary desk-button" type="submit" disabled={busy} aria-label={`Undo check-in for ${p.name}`}>
        Undo
      </button>
    </Form>
  );
}

/** The waivers signed at this studio, the current version marked. */
export function WaiverSignatures({ signatures }: { signatures: DeskPage["signatures"] }) {
  return (
    <section className="stack" aria-labelledby="signatures-title">
      <h2 id="signatures-title">Waivers signed here</h2>
      {signatures.length === 0 ? <p>Nobody has signed this studio's waiver yet.</p> : null}
      <ul className="desk-roster">
        {signatures.map((s) => (
          <li key={s.id}>
            <div>
              <p className="desk-roster__name">{s.name}</p>
              <p className="desk-roster__facts">
                Version {s.version}
                {s.current ? " (current)" : " (older: signs again before booking)"} · {s.when}
                {s.guardian ? ` · guardian ${s.guardian}` : ""}
              </p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}
