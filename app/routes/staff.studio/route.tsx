import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { frontDeskAction, frontDeskPage } from "./page.server";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

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
  const result = await frontDeskAction(request, state);
  return data(result, { status: result.status, headers: { "Cache-Control": "private, no-store" } });
}

function CameraScan({ onCode }: { onCode: (value: string) => void }) {
  const [available, setAvailable] = useState(false);
  const [scanning, setScanning] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const video = useRef<HTMLVideoElement>(null);
  const stop = useRef<(() => void) | null>(null);
  useEffect(() => {
    setAvailable(typeof window !== "undefined" && "BarcodeDetector" in window && Boolean(navigator.mediaDevices?.getUserMedia));
    return () => stop.current?.();
  }, []);
  if (!available) return null;
  const toggle = async () => {
    if (scanning) {
      stop.current?.();
      setScanning(false);
      return;
    }
    // The video element is always rendered (hidden until it scans), so it is there by the first click.
    const view = video.current;
    if (!view) return;
    setProblem(null);
    setScanning(true);
    try {
      const { startScanner } = await import("~/browser/qr-scanner.client");
      stop.current = await startScanner(view, (value) => {
        setScanning(false);
        onCode(value);
      });
    } catch {
      setScanning(false);
      setProblem("The camera didn't start. Allow camera access, or type the code instead.");
    }
  };
  return (
    <div className="desk-scan">
      <button type="button" className="button button--secondary desk-button" onClick={toggle} aria-pressed={scanning}>
        {scanning ? "Stop the camera" : "Scan with the camera"}
      </button>
      <video ref={video} hidden={!scanning} muted aria-label="Camera view for scanning a check-in code" />
      {problem ? (
        <p className="field__error" role="alert">
          {problem}
        </p>
      ) : null}
    </div>
  );
}

export default function StaffStudioRoute() {
  const page = useLoaderData<typeof loader>();
  const { studio } = page;
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const codeForm = useRef<HTMLFormElement>(null);
  const codeInput = useRef<HTMLInputElement>(null);
  const methodInput = useRef<HTMLInputElement>(null);
  // A code that went through is cleared at once, so the next person's code starts in an empty box;
  // a refused one stays as typed, to be put right (without JavaScript the page comes back the same way).
  useEffect(() => {
    if (result && !result.codeRefused && codeInput.current) codeInput.current.value = "";
  }, [result]);
  const onScanned = (value: string) => {
    if (!codeInput.current || !methodInput.current) return;
    codeInput.current.value = value;
    methodInput.current.value = "scan";
    codeForm.current?.requestSubmit();
  };
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

        <section className="auth-card stack" aria-labelledby="code-title">
          <h2 id="code-title">Check in by code</h2>
          <Form method="post" ref={codeForm} className="stack">
            <input type="hidden" name="intent" value="check-in-code" />
            <input type="hidden" name="studio" value={studio.slug} />
            <input type="hidden" name="method" value="code" ref={methodInput} />
            <div className="field">
              <label htmlFor="desk-code">Ticket code</label>
              <input
                id="desk-code"
                name="code"
                ref={codeInput}
                defaultValue={result?.codeRefused ? (result.code ?? "") : ""}
                autoComplete="off"
                autoCapitalize="characters"
                spellCheck={false}
                inputMode="text"
                aria-invalid={result?.codeRefused ? true : undefined}
                aria-describedby={result?.codeRefused ? "desk-result" : undefined}
                autoFocus={result?.codeRefused}
              />
            </div>
            <button className="button desk-button" type="submit" disabled={busy}>
              Check in
            </button>
          </Form>
          <CameraScan onCode={onScanned} />
        </section>

        <Form method="get" className="stack" role="search" aria-label="Find a person">
          <input type="hidden" name="studio" value={studio.slug} />
          <div className="field">
            <label htmlFor="desk-search">Find by name</label>
            <input id="desk-search" name="q" type="search" defaultValue={page.query} autoComplete="off" />
          </div>
          <div className="button-row">
            <button className="button button--secondary desk-button" type="submit">
              Search
            </button>
            {page.query ? (
              <Link className="button button--quiet desk-button" to={`/staff/studio?studio=${studio.slug}`}>
                Show everyone
              </Link>
            ) : null}
          </div>
        </Form>

        {page.classes.length === 0 ? <p>No classes here today.</p> : null}
        {page.classes.map((c) => (
          <section key={c.id} className="stack" aria-labelledby={`class-${c.id}`}>
            <h2 id={`class-${c.id}`}>
              {c.when} · {c.title}
            </h2>
            <p className="studio-muted">
              {c.room} · {c.counts.checkedIn} checked in, {c.counts.booked} still to arrive
            </p>
            {c.people.length === 0 ? <p>{page.query ? "Nobody by that name in this class." : "Nobody booked yet."}</p> : null}
            <ul className="desk-roster">
              {c.people.map((p) => (
                <li key={p.ticketId}>
                  <div>
                    <p className="desk-roster__name">{p.name}</p>
                    <p className="desk-roster__facts">
                      {p.statusLabel} · {p.waiverOk ? p.waiver : <strong>{p.waiver}</strong>}
                    </p>
                  </div>
                  {p.status === "booked" && !c.ended ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="check-in" />
                      <input type="hidden" name="studio" value={studio.slug} />
                      <input type="hidden" name="ticketId" value={p.ticketId} />
                      <button className="button desk-button" type="submit" disabled={busy} aria-label={`Check in ${p.name}`}>
                        Check in
                      </button>
                    </Form>
                  ) : p.status === "checked_in" ? (
                    <Form method="post">
                      <input type="hidden" name="intent" value="undo" />
                      <input type="hidden" name="studio" value={studio.slug} />
                      <input type="hidden" name="ticketId" value={p.ticketId} />
                      <button
                        className="button button--secondary desk-button"
                        type="submit"
                        disabled={busy}
                        aria-label={`Undo check-in for ${p.name}`}
                      >
                        Undo
                      </button>
                    </Form>
                  ) : (
                    <span />
                  )}
                </li>
              ))}
            </ul>
            {c.ended ? (
              <Form method="post">
                <input type="hidden" name="intent" value="no-shows" />
                <input type="hidden" name="studio" value={studio.slug} />
                <input type="hidden" name="classId" value={c.id} />
                <button className="button button--secondary desk-button" type="submit" disabled={busy}>
                  Mark the rest as no-shows
                </button>
              </Form>
            ) : null}
          </section>
        ))}

        <section className="stack" aria-labelledby="signatures-title">
          <h2 id="signatures-title">Waivers signed here</h2>
          {page.signatures.length === 0 ? <p>Nobody has signed this studio's waiver yet.</p> : null}
          <ul className="desk-roster">
            {page.signatures.map((s) => (
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
      </div>
    </section>
  );
}
