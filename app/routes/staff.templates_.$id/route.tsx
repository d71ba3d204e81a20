import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { PageNotices } from "~/components/page-notices";
import { StaffPage } from "~/components/staff/staff-page";
import { StaffTemplateForm } from "~/components/staff/staff-template-form";
import { STAFF_AREAS } from "~/models/staff/staff-areas";
import {
  TemplateIdSchema,
  describeSlot,
  readTemplateForm,
  templateFormValues,
  valuesOfTemplate,
  type TemplateFormValues,
} from "~/models/staff/template-form";
import { getTemplate, templateClassesKept, templateFormContext, updateTemplate } from "~/models/staff/templates.server";
import { notFound } from "~/lib/errors";
import { defineHandle } from "~/lib/route-handle";
import { requireStaff } from "~/server/staff-access.server";
import { clockShortDayTime, placeNote, zoneWords } from "~/models/identity/clock";
import { readSubmission, refuse } from "~/server/submission.server";
import { z } from "zod";
import { defineActionLimits, STAFF_ONLY } from "~/lib/action-limits";

/**
 * Issue 26 (ADR 051): one class template, for admins. Saving moves its coming classes nobody booked
 * at once (the schedule and its cached pages follow); a booked class keeps its time and is listed
 * here, with the way to change it through the cancel or substitute path, which e-mails its members.
 */
export const handle = defineHandle({
  name: "staff-template",
  layout: "main",
  theme: "light",
  requiresAuth: true,
  roles: [...STAFF_AREAS.templates.roles],
});

export const meta: MetaFunction = () => [{ title: "Class template · Staff · Stillhour" }, { name: "robots", content: "noindex" }];

const NOTICES: Record<string, string> = {
  created: "Template created. Its classes are on the schedule now.",
  saved: "Saved. The schedule shows the change now.",
  unchanged: "Nothing changed, so nothing was recorded.",
};

async function templateOr404(params: LoaderFunctionArgs["params"]) {
  const id = TemplateIdSchema.safeParse(params.id ?? "");
  const template = id.success ? await getTemplate(id.data) : null;
  if (!template) throw notFound();
  return template;
}

export async function loader({ request, params }: LoaderFunctionArgs) {
  const { zone } = await requireStaff(request, "templates");
  const template = await templateOr404(params);
  const [context, kept] = await Promise.all([templateFormContext(), templateClassesKept(template.id)]);
  // Issue 34: a template's classes on its own clock (where they are taught), its zone named when the
  // staff member's clock reads otherwise.
  const when = (at: string) => `${clockShortDayTime(at, template.timeZone)}${placeNote(at, template.timeZone, zone)}`;
  return data(
    {
      id: template.id,
      title: template.title,
      active: template.active,
      slot: describeSlot(template),
      values: valuesOfTemplate(template),
      teachers: context.teachers,
      places: context.placeOptions,
      zone: zoneWords(template.timeZone),
      kept: kept.map((k) => ({ id: k.id, when: when(k.startsAt), reason: k.reason })),
      notice: NOTICES[new URL(request.url).searchParams.get("done") ?? ""] ?? null,
    },
    { headers: { "Cache-Control": "private, no-store" } },
  );
}

/** What this action does and what limits it (issue 35; ADR 035 addendum). */
export const actionLimits = defineActionLimits({
  staff: { does: ["mail", "write"], bound: STAFF_ONLY },
});

/** The template's own reader checks every field; nothing is checked before it. */
const AnyForm = z.object({});

export async function action({ request, params }: ActionFunctionArgs) {
  const { actor } = await requireStaff(request, "templates");
  const template = await templateOr404(params);
  const submission = await readSubmission(request, AnyForm);
  if (!submission.ok) return submission.reply;
  const values = { ...templateFormValues(submission.formData), id: template.id };
  const read = readTemplateForm(values, await templateFormContext());
  if (!read.ok) return refuse({ form: "Please check the fields marked below.", ...read.errors }, values);
  const result = await updateTemplate(actor, template.id, read.fields);
  if (!result.ok) return refuse({ form: result.problem.message }, values, result.problem.status);
  return redirect(`/staff/templates/${template.id}?done=${result.changed ? "saved" : "unchanged"}`);
}

/** A refusal after the form was read sends every field back; one cut at its cap sends none, and the saved ones show. */
const isTemplateForm = (values: object): values is TemplateFormValues => "weekdays" in values;

export default function StaffTemplateRoute() {
  const page = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const typed: object = result?.values ?? {};
  return (
    <StaffPage
      id="template-title"
      title={page.title}
      intro={`${page.slot}. ${page.active ? "Running" : "Paused"}: classes are made three weeks ahead.`}
    >
      <PageNotices error={result?.errors.form} notice={page.notice ? { tone: "success", text: page.notice } : null} />
      {page.kept.length > 0 ? (
        <section aria-labelledby="kept-title" className="stack">
          <h2 id="kept-title">Classes that keep their old details</h2>
          <p>
            These coming classes differ from the template but were left as they are, so nobody's booking moves under them. To change one,
            cancel it or name a substitute on <a href="/staff/classes">Class changes</a>; everyone booked is e-mailed. Times on the
            template's own clock, {page.zone}.
          </p>
          <ul>
            {page.kept.map((k) => (
              <li key={k.id}>
                {k.when} · {k.reason === "booked" ? "booked" : "already changed by staff"}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <StaffTemplateForm
        mode="edit"
        values={isTemplateForm(typed) ? typed : page.values}
        errors={result?.errors ?? {}}
        teachers={page.teachers}
        places={page.places}
        busy={busy}
      />
      <p>
        <a href="/staff/templates">All templates</a> (pause or remove it there)
      </p>
    </StaffPage>
  );
}
