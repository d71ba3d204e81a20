import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffTemplateForm } from "~/components/staff/staff-template-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import { describeSlot, valuesOfTemplate, type TemplateFormValues } from "~/models/staff/template-form";
import { listTemplates, templateFormContext } from "~/models/staff/templates.server";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { readSubmission } from "~/server/submission.server";
import { TemplateIntentSchema, templateIntent } from "./page.server";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26 (ADR 051): class templates, for admins. The recurring live and studio classes, each on
 * the wall clock of its own zone; a new template makes its classes at once, pausing or removing one
 * takes its unbooked classes off the schedule, and every change leaves one audit entry.
 */
export const handle = defineHandle({
  name: "staff-templates",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.templates.roles],
});

export const meta: MetaFunction = () => [{ title: "Class templates · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const EMPTY = valuesOfTemplate(null);

function notice(search: URLSearchParams): string | null {
  const kept = Number(search.get("kept") ?? "0");
  const keptNote =
    kept > 0
      ? ` ${kept} booked ${kept === 1 ? "class stays" : "classes stay"} as booked: cancel ${kept === 1 ? "it" : "them"} on Class changes if ${kept === 1 ? "it" : "they"} should not run.`
      : "";
  switch (search.get("done")) {
    case "created":
      return "Template created. Its classes are on the schedule now.";
    case "paused":
      return `Template paused. Its unbooked classes are off the schedule.${keptNote}`;
    case "resumed":
      return "Template resumed. Its classes are back on the schedule.";
    case "removed":
      return `Template removed. Its unbooked classes are off the schedule.${keptNote}`;
    case "unchanged":
      return "Nothing changed, so nothing was recorded.";
    default:
      return null;
  }
}

export async function loader({ request }: LoaderFunctionArgs) {
  await requireStaff(request, "templates");
  const [templates, context] = await Promise.all([listTemplates(), templateFormContext()]);
  const teacherName = new Map(context.teachers.map((t) => [t.id, t.name]));
  const placeName = new Map(context.placeOptions.map((p) => [p.value, p.label]));
  return data(
    {
      notice: notice(new URL(request.url).searchParams),
      teachers: context.teachers,
      places: context.placeOptions,
      templates: templates.map((t) => ({
        id: t.id,
        title: t.title,
        active: t.active,
        slot: describeSlot(t),
        teacher: teacherName.get(t.teacherId) ?? t.teacherId,
        place: t.studioId && t.roomId ? (placeName.get(`${t.studioId}/${t.roomId}`) ?? t.studioId) : "Online",
      })),
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["mail", "write"], bound: STAFF_ONLY },
});

export async function action({ request }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "templates");
  const submission = await readSubmission(request, TemplateIntentSchema);
  if (!submission.ok) return submission.reply;
  return templateIntent(submission.value.intent)(actor, submission);
}

/** A refused new template: its values carry the form's `intent`. */
const isCreate = (values: object): values is TemplateFormValues => "intent" in values && values.intent === "create";

export default function StaffTemplatesRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const refused: object = result?.values ?? {};
  const created = isCreate(refused) ? refused : null;
  // A refused pause, resume or remove names its template, to show the message beside it.
  const switchedId = !created && "id" in refused ? refused.id : null;
  return (
    <StaffPage
      id="templates-title"
      title="Class templates"
      intro="The recurring classes the schedule is made from, three weeks ahead. A change shows on the schedule at once; a class someone booked keeps its time, and every change is recorded in the audit log."
    >
      <PageNotices error={result?.errors.form} notice={page.notice ? { tone: "success", text: page.notice } : null} />
      <h2>Templates</h2>
      {page.templates.length === 0 ? <p>There are no templates yet. Create the first one below.</p> : null}
      <ul className="staff-codes" data-testid="templates">
        {page.templates.map((t) => (
          <li key={t.id} className="staff-code" data-template={t.id}>
            <h3 className="staff-areas__title">
              {/* A plain link: Remix would ask the server for the route of every link on screen at once. */}
              <a href={`/staff/templates/${t.id}`} aria-label={`Edit ${t.title}`}>
                {t.title}
              </a>{" "}
              · {t.active ? "Running" : "Paused"}
            </h3>
            <p>
              {t.slot} · {t.teacher} · {t.place}
            </p>
            {switchedId === t.id && result?.errors.form ? (
              <p className="field__error" role="alert">
                {result.errors.form}
              </p>
            ) : null}
            <Form method="post" className="button-row">
              <input type="hidden" name="id" value={t.id} />
              <button
                type="submit"
                name="intent"
                value={t.active ? "pause" : "resume"}
                className="button button--secondary button--small"
                disabled={busy}
                aria-label={`${t.active ? "Pause" : "Resume"} ${t.title}`}
              >
                {t.active ? "Pause" : "Resume"}
              </button>
              <button
                type="submit"
                name="intent"
                value="remove"
                className="button button--danger button--small"
                disabled={busy}
                aria-label={`Remove ${t.title}`}
              >
                Remove
              </button>
            </Form>
          </li>
        ))}
      </ul>
      <StaffTemplateForm
        mode="create"
        values={created ?? EMPTY}
        errors={created ? (result?.errors ?? {}) : {}}
        teachers={page.teachers}
        places={page.places}
        busy={busy}
      />
    </StaffPage>
  );
}
