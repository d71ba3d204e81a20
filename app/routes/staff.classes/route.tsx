import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ClassChangeSchema } from "~/models/classes/class-changes.server";
import { changeClassAsStaff, classesToChange, previewCancellation } from "~/models/staff/class-changes.server";
import { carriedFields, confirmationOf, isConfirmed, type Confirmation } from "~/lib/forms/confirm";
import { ConfirmChange } from "~/components/staff/confirm-change";
import { ClassNoteSchema, NOTE_MAX, sendClassNote } from "~/models/staff/class-notes.server";
import { rosterOf } from "~/models/staff/cohost.server";
import type { LiveClass } from "~/models/classes/live-class";
import { clockRange, clockShortDay, placeNote } from "~/models/identity/clock";
import { zoneLabel } from "~/models/identity/time-zone";
import { readRouteForm } from "~/server/body-limits.server";
import { defineHandle } from "~/lib/route-handle";
import { getTeachers } from "~/models/content/teacher.server";
import { listStudios } from "~/models/studios/studio.server";
import { requireStaff } from "~/server/staff-access.server";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { shoutOutsFor } from "~/models/engagement/shout-outs.server";
import { StaffRoster } from "~/components/staff/staff-page";
import { CohostAssignmentSchema, assignCohost, listCohosts } from "~/models/staff/cohost.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/** How far back the shout-outs look: the classes of the last twelve hours, running or ended. */
const SHOUT_OUT_HOURS = 12;

/**
 * Issue 9: a minimal staff page for admins and facilitators: cancel a class or name a substitute.
 * Everyone booked or waitlisted is told by e-mail, and the class page and invites show the change.
 * Issue 23: a facilitator sees and changes only the classes they teach, an admin any (ADR 037); a
 * studio class cancelled here gives its tickets' credits and drop-ins back.
 * Issue 26 (ADR 050): each class shows its roster (first names, a mark for a first class) and a
 * note to everyone booked, sent once however often it is posted.
 */
export const handle = defineHandle({
  name: "staff-classes",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.classes.roles],
});

export const meta: MetaFunction = () => [{ title: "Class changes · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  cancelled: "Cancelled. Everyone booked or waiting has been e-mailed.",
  substituted: "Saved. Everyone booked or waiting has been e-mailed.",
  noted: "Sent. Everyone booked has been e-mailed your note.",
  "noted-again": "That note was already sent, so nobody was e-mailed twice.",
};

export async function loader({ request }: LoaderFunctionArgs) {
  const { staff, zone } = await requireStaff(request, "classes");
  const now = new Date();
  const window = { from: now, to: new Date(now.getTime() + 14 * 86_400_000) };
  const isAdmin = staff.roles.includes("admin");
  const [classes, teachers, studios, recent, cohosts] = await Promise.all([
    classesToChange(staff, window),
    getTeachers(),
    listStudios(),
    classesToChange(staff, { from: new Date(now.getTime() - SHOUT_OUT_HOURS * 3_600_000), to: now }),
    isAdmin ? listCohosts() : Promise.resolve([]),
  ]);
  const cohostName = new Map(cohosts.map((c) => [c.uid, c.name]));
  const rosters = await Promise.all(classes.map((c) => (c.status === "scheduled" ? rosterOf(c) : Promise.resolve([]))));
  const studioById = new Map(studios.map((s) => [s.id, s]));
  // Issue 34: an online class on the staff member's own clock; a studio's on the studio's, its zone
  // named when that clock reads otherwise than theirs.
  const when = (c: LiveClass) => {
    const studio = c.studioId ? studioById.get(c.studioId) : undefined;
    const place = studio?.timeZone ?? zone;
    const end = Date.parse(c.startsAt) + c.durationMinutes * 60_000;
    return `${clockShortDay(c.startsAt, place)}, ${clockRange(c.startsAt, end, place)}${studio ? placeNote(c.startsAt, place, zone) : ""}`;
  };
  // Issue 27 (ADR 049): members who reached a milestone in these classes and allow a shout-out.
  const shoutOuts = await Promise.all(
    recent
      .filter((c) => c.status !== "cancelled")
      .map(async (c) => ({ id: c.id, title: c.title, when: when(c), members: await shoutOutsFor(c.id) })),
  );
  const names = new Map(teachers.map((t) => [t.id, t.fullName]));
  const done = new URL(request.url).searchParams.get("done");
  return data(
    {
      zoneLabel: zoneLabel(zone, now),
      notice: NOTICES[done ?? ""] ?? COHOST_NOTICES[done ?? ""] ?? null,
      noteMax: NOTE_MAX,
      shoutOuts,
      // Issue 26 (ADR 051): an admin names each class's cohosts here.
      cohosts: isAdmin ? cohosts : null,
      teachers: teachers.map((t) => ({ id: t.id, name: t.fullName })),
      classes: classes.map((c, index) => ({
        roster: rosters[index],
        id: c.id,
        title: c.title,
        href: c.studioId ? `/studios/${studioById.get(c.studioId)?.slug ?? ""}/classes/${c.id}` : `/classes/${c.id}`,
        studio: c.studioId ? (studioById.get(c.studioId)?.name ?? "") : null,
        when: when(c),
        teacherId: c.substituteTeacherId ?? c.teacherId,
        teacher: names.get(c.substituteTeacherId ?? c.teacherId) ?? "",
        cancelled: c.status === "cancelled",
        cohosts: isAdmin ? c.cohostUids.map((uid) => ({ uid, name: cohostName.get(uid) ?? "Someone no longer a cohost" })) : [],
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

const COHOST_NOTICES: Record<string, string> = {
  "cohost-added": "Cohost added. The class is on their page now.",
  "cohost-removed": "Cohost removed.",
  "cohost-unchanged": "Nothing changed, so nothing was recorded.",
};

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["mail", "charge", "write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { staff, actor, zone } = await requireStaff(request, "classes");
  const body = await readRouteForm(request);
  if (!body.ok) {
    const partial = body.partial?.get("intent") === "note" ? body.partial : null;
    return data(
      {
        classId: partial ? String(partial.get("classId") ?? "") : null,
        error: body.message,
        note: partial ? String(partial.get("note") ?? "") : null,
      },
      { status: body.status },
    );
  }
  if (body.formData.get("intent") === "note") {
    const classId = String(body.formData.get("classId") ?? "");
    const note = String(body.formData.get("note") ?? "");
    const parsed = ClassNoteSchema.safeParse({ classId, note });
    if (!parsed.success)
      return data({ classId, error: parsed.error.issues[0]?.message ?? "Please check the note.", note }, { status: 400 });
    const sent = await sendClassNote(staff, actor, parsed.data);
    if (!sent.ok) return data({ classId, error: sent.problem.message, note }, { status: sent.problem.status });
    return redirect(`/staff/classes?done=${sent.first ? "noted" : "noted-again"}`);
  }
  const intent = String(body.formData.get("intent") ?? "");
  if (intent === "add-cohost" || intent === "remove-cohost") {
    // Naming cohosts is the admin's alone; a facilitator opens this page for their own classes only.
    if (!staff.roles.includes("admin")) throw new Response(null, { status: 403, statusText: "Only an admin names cohosts" });
    const assignment = CohostAssignmentSchema.safeParse(Object.fromEntries([...body.formData].map(([k, v]) => [k, String(v)])));
    const classId = String(body.formData.get("classId") ?? "");
    if (!assignment.success)
      return data({ classId, error: assignment.error.issues[0]?.message ?? "Please check the form.", note: null }, { status: 400 });
    const result = await assignCohost(actor, assignment.data);
    if (!result.ok) return data({ classId, error: result.problem.message, note: null }, { status: result.problem.status });
    return redirect(
      `/staff/classes?done=${result.changed ? (intent === "add-cohost" ? "cohost-added" : "cohost-removed") : "cohost-unchanged"}`,
    );
  }
  const parsed = ClassChangeSchema.safeParse(Object.fromEntries([...body.formData].map(([k, v]) => [k, String(v)])));
  const classId = String(body.formData.get("classId") ?? "");
  if (!parsed.success)
    return data({ classId, error: parsed.error.issues[0]?.message ?? "Please check the form.", note: null }, { status: 400 });
  if (parsed.data.intent === "cancel" && !isConfirmed(body.formData)) {
    // Issue 34: cancelling e-mails everyone and gives money back; the first press only asks.
    const preview = await previewCancellation(staff, parsed.data.classId);
    if (!preview.ok) return data({ classId, error: preview.problem.message, note: null }, { status: preview.problem.status });
    const c = preview.liveClass;
    const end = Date.parse(c.startsAt) + c.durationMinutes * 60_000;
    const confirmation: Confirmation = {
      heading: `Cancel ${c.title}, ${clockShortDay(c.startsAt, zone)}, ${clockRange(c.startsAt, end, zone)}?`,
      facts: preview.facts,
      confirmLabel: "Yes, cancel the class",
      keepLabel: "Keep the class",
      fields: carriedFields(body.formData),
    };
    return data({ classId, error: null, note: null, confirmation });
  }
  const result = await changeClassAsStaff(staff, parsed.data, actor);
  if (!result.ok) return data({ classId, error: result.problem.message, note: null }, { status: result.problem.status });
  return redirect(`/staff/classes?done=${parsed.data.intent === "cancel" ? "cancelled" : "substituted"}`);
}

export default function StaffClassesRoute() {
  const page = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("classId") ?? "") : "";
  const confirmation = confirmationOf(actionData);
  return (
    <ConfirmChange confirmation={confirmation}>
      <section className="section" aria-labelledby="staff-title">
        <div className="container container--narrow stack">
          <header className="page-intro">
            <p className="eyebrow">Staff</p>
            <h1 id="staff-title">Class changes</h1>
            <p>
              The next two weeks: the classes you may change. Online classes are in your time, {page.zoneLabel}; studio classes in the
              studio's. Members booked or waiting are e-mailed about every change; a cancelled studio class gives back its credits and
              drop-ins.
            </p>
          </header>
          {page.notice ? (
            <p className="notice notice--success" role="status">
              {page.notice}
            </p>
          ) : null}
          <section aria-labelledby="shout-outs-title">
            <h2 id="shout-outs-title">Shout-outs</h2>
            <p>
              Members who reached a milestone in your classes of the last {SHOUT_OUT_HOURS} hours, for a word of congratulation. Only those
              who chose to allow it are shown.
            </p>
            {page.shoutOuts.length === 0 ? <p>No classes of yours in the last {SHOUT_OUT_HOURS} hours.</p> : null}
            {page.shoutOuts.map((c) => (
              <div key={c.id} className="shout-outs">
                <h3 className="staff-class__title">{c.title}</h3>
                <p className="schedule-item__facts">{c.when}</p>
                {c.members.length === 0 ? (
                  <p>No milestones to mark in this class.</p>
                ) : (
                  <ul>
                    {c.members.map((m) => (
                      <li key={`${m.firstName}-${m.milestone}`}>
                        {m.firstName}: {m.title}
                      </li>
                    ))}
                  </ul>
                )}
              </div>
            ))}
          </section>
          <h2 id="next-title">Next two weeks</h2>
          {page.classes.length === 0 ? <p>There are no classes of yours to change in the next two weeks.</p> : null}
          <ul className="schedule-list">
            {page.classes.map((c) => (
              <li key={c.id} className="staff-class">
                <h3 className="staff-class__title">
                  <a href={c.href}>{c.title}</a>
                </h3>
                <p className="schedule-item__facts">
                  {c.when} · {c.teacher}
                  {c.studio ? ` · ${c.studio}` : ""}
                  {c.cancelled ? " · Cancelled" : ""}
                </p>
                {actionData?.error && actionData.classId === c.id ? (
                  <p className="field__error" role="alert">
                    {actionData.error}
                  </p>
                ) : null}
                {c.cancelled ? null : (
                  <>
                    <StaffRoster label={`Booked for ${c.title}, ${c.when}`} roster={c.roster} />
                    {c.roster.length > 0 ? (
                      <Form method="post" className="staff-class__note" noValidate>
                        <input type="hidden" name="intent" value="note" />
                        <input type="hidden" name="classId" value={c.id} />
                        <div className="field">
                          <label htmlFor={`note-${c.id}`}>Note to everyone booked</label>
                          <p className="field__hint" id={`note-${c.id}-hint`}>
                            Plain text, up to {page.noteMax} characters, e-mailed once to each person booked.
                          </p>
                          <textarea
                            id={`note-${c.id}`}
                            name="note"
                            rows={3}
                            maxLength={page.noteMax}
                            defaultValue={actionData?.classId === c.id ? (actionData.note ?? "") : ""}
                            aria-describedby={`note-${c.id}-hint`}
                          />
                        </div>
                        <button
                          className="button button--secondary button--small"
                          type="submit"
                          disabled={busy === c.id}
                          aria-label={`Send the note: ${c.title}, ${c.when}`}
                        >
                          Send the note
                        </button>
                      </Form>
                    ) : null}
                    <div className="button-row">
                      <Form method="post" className="staff-class__form">
                        <input type="hidden" name="intent" value="substitute" />
                        <input type="hidden" name="classId" value={c.id} />
                        <label htmlFor={`teacher-${c.id}`}>Teacher</label>
                        <select id={`teacher-${c.id}`} name="teacherId" defaultValue={c.teacherId}>
                          {page.teachers.map((t) => (
                            <option key={t.id} value={t.id}>
                              {t.name}
                            </option>
                          ))}
                        </select>
                        <button className="button button--secondary button--small" type="submit" disabled={busy === c.id}>
                          Save teacher
                        </button>
                      </Form>
                      <Form method="post">
                        <input type="hidden" name="intent" value="cancel" />
                        <input type="hidden" name="classId" value={c.id} />
                        <button
                          className="button button--danger button--small"
                          type="submit"
                          disabled={busy === c.id}
                          aria-label={`Cancel ${c.title}, ${c.when}`}
                        >
                          {/* The name starts with the word shown, so "click Cancel" works by voice (WCAG 2.5.3). */}
                          Cancel
                        </button>
                      </Form>
                    </div>
                  </>
                )}
                {page.cohosts && !c.cancelled ? (
                  <div className="stack">
                    <p className="schedule-item__facts">
                      Cohosts: {c.cohosts.length === 0 ? "none" : c.cohosts.map((h) => h.name).join(", ")}
                    </p>
                    <div className="button-row">
                      {c.cohosts.map((h) => (
                        <Form method="post" key={h.uid}>
                          <input type="hidden" name="intent" value="remove-cohost" />
                          <input type="hidden" name="classId" value={c.id} />
                          <input type="hidden" name="uid" value={h.uid} />
                          <button
                            className="button button--secondary button--small"
                            type="submit"
                            disabled={busy === c.id}
                            aria-label={`Remove ${h.name} as cohost of ${c.title}, ${c.when}`}
                          >
                            Remove {h.name}
                          </button>
                        </Form>
                      ))}
                      {page.cohosts.length > 0 ? (
                        <Form method="post" className="staff-class__form">
                          <input type="hidden" name="intent" value="add-cohost" />
                          <input type="hidden" name="classId" value={c.id} />
                          <label htmlFor={`cohost-${c.id}`}>Cohost</label>
                          <select id={`cohost-${c.id}`} name="uid">
                            {page.cohosts.map((h) => (
                              <option key={h.uid} value={h.uid}>
                                {h.name}
                              </option>
                            ))}
                          </select>
                          <button
                            className="button button--secondary button--small"
                            type="submit"
                            disabled={busy === c.id}
                            aria-label={`Add cohost to ${c.title}, ${c.when}`}
                          >
                            Add cohost
                          </button>
                        </Form>
                      ) : (
                        <p>
                          Nobody holds the cohost role yet: grant it on <a href="/staff/people">People and roles</a>.
                        </p>
                      )}
                    </div>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      </section>
    </ConfirmChange>
  );
}
