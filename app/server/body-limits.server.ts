import type { ZodTypeAny } from "zod";
import { PHOTO_MAX_REQUEST_BYTES } from "~/models/identity/profile-photo";
import { TimeZoneFormSchema } from "~/models/identity/time-zone";
import { NewTeacherSchema, TeacherProfileFormSchema } from "~/models/staff/teacher-form";
import { ArticleFormSchema } from "~/models/staff/article-form";
import { ClassNoteSchema } from "~/models/staff/class-notes.server";
import { LearnFormSchema, LessonFormSchema, PressFormSchema } from "~/models/staff/editorial-form";
import { FORM_MAX_BYTES, readFormBody } from "~/lib/forms/form-body.server";
import { formBodyCap, schemaBodyCap } from "~/lib/forms/form-cap";

/**
 * Every request body's cap, by route (docs/decisions/031-request-body-caps.md). The front door counts
 * each non-GET body against its route's cap as it streams in; a route not named here takes a plain
 * form's 16 KB. A route that needs more must be named here, or the front door refuses its bodies at
 * 16 KB whatever the route's own reader would take.
 *
 * A form larger than a plain one is named here with the cap its schema derives (issue 35; ADR 031
 * addendum; `app/lib/forms/form-cap.ts`), and its action reads with `readRouteForm`, which takes the cap
 * from this same table: one declaration per route, so the front door and the action cannot disagree,
 * and a schema that grows takes its cap with it. `FORM_CAPS` keeps the schemas each cap was derived
 * from, so a test can check every form the schema accepts fits.
 */

/** The payment provider's webhook, exempt from the cross-site check (its signature is the check). */
export const PAYMENT_WEBHOOK_PATH = "/api/payments/webhook";
/** A provider's event is a few kilobytes; the largest (an invoice with many lines) stays far below this. */
export const PAYMENT_WEBHOOK_MAX_BYTES = 512 * 1024;
/** One analytics upload: at most 200 events of 4 KB, and the browser sends far fewer. */
export const ANALYTICS_UPLOAD_MAX_BYTES = 64 * 1024;

/** A learn series posts its lessons as parallel fields, one row each, plus the spare row to add one. */
const LESSON_FIELDS: Record<string, ZodTypeAny> = {
  lessonTitle: LessonFormSchema.shape.title,
  lessonSummary: LessonFormSchema.shape.summary,
  lessonMinutes: LessonFormSchema.shape.durationMinutes,
  lessonBody: LessonFormSchema.shape.bodyHtml,
};
const lessonsMax = (LearnFormSchema.shape.lessons._def.maxLength?.value ?? NaN) as number;
if (!Number.isInteger(lessonsMax) || Object.keys(LessonFormSchema.shape).length !== Object.keys(LESSON_FIELDS).length) {
  throw new Error("the learn form's cap must count every lesson field, up to the schema's number of lessons");
}
const { lessons: _lessons, ...seriesFields } = LearnFormSchema.shape;

/** Each larger form's cap and the schemas it was derived from, by route (`:id` is one path segment). */
export const FORM_CAPS: ReadonlyArray<{ path: string; cap: number; schemas: ZodTypeAny[] }> = [
  ...["/staff/learn", "/staff/learn/:id"].map((path) => ({
    path,
    cap: formBodyCap(seriesFields, { rows: lessonsMax + 1, fields: { ...LESSON_FIELDS, lessonRemove: 2 } }),
    schemas: [LearnFormSchema, LessonFormSchema],
  })),
  ...["/staff/articles", "/staff/articles/:id"].map((path) => ({
    path,
    cap: schemaBodyCap(ArticleFormSchema),
    schemas: [ArticleFormSchema],
  })),
  ...["/staff/press", "/staff/press/:id"].map((path) => ({
    path,
    cap: Math.max(FORM_MAX_BYTES, schemaBodyCap(PressFormSchema)),
    schemas: [PressFormSchema],
  })),
  ...["/staff/teachers", "/staff/teachers/:id", "/staff/profile"].map((path) => ({
    path,
    // `hidden` is a checkbox ("on"); the new-teacher form is the profile plus its address.
    cap: schemaBodyCap(NewTeacherSchema.omit({ hidden: true }), { hidden: 5, intent: 10 }),
    schemas: [NewTeacherSchema, TeacherProfileFormSchema],
  })),
  // The zone form carries the page to come back to (up to 2,000 characters).
  ...["/preferences/time-zone", "/api/time-zone"].map((path) => ({
    path,
    cap: schemaBodyCap(TimeZoneFormSchema),
    schemas: [TimeZoneFormSchema],
  })),
  // The class changes page also posts cancellations and cohosts, each far below a plain form's cap.
  { path: "/staff/classes", cap: Math.max(FORM_MAX_BYTES, schemaBodyCap(ClassNoteSchema, { intent: 10 })), schemas: [ClassNoteSchema] },
];

const ROUTE_BODY_LIMITS: ReadonlyMap<string, number> = new Map([
  // The settings page's multipart photo upload (its plain forms are read within 16 KB by the route).
  ["/settings", PHOTO_MAX_REQUEST_BYTES],
  [PAYMENT_WEBHOOK_PATH, PAYMENT_WEBHOOK_MAX_BYTES],
  ["/api/analytics", ANALYTICS_UPLOAD_MAX_BYTES],
  // An article's cover picture (issue 26; ADR 053): the same pipeline and cap as a profile photo.
  ["/staff/article-cover", PHOTO_MAX_REQUEST_BYTES],
]);

/**
 * The byte cap for a request body sent to `pathname`. A route's data request (`/settings.data`, the
 * index's `/_root.data`) takes its page's cap; any spelling Remix would route to a page but this table
 * does not know (another case, an encoded letter) gets the smaller plain-form cap, never a larger one.
 */
export function requestBodyLimit(pathname: string, extra?: ReadonlyMap<string, number>): number {
  let path = pathname;
  if (path.endsWith(".data")) path = path.slice(0, -".data".length);
  if (path === "/_root") path = "/";
  if (path.length > 1) path = path.replace(/\/+$/, "");
  return extra?.get(path) ?? ROUTE_BODY_LIMITS.get(path) ?? formCapOf(path) ?? FORM_MAX_BYTES;
}

const FORM_CAP_PATTERNS = FORM_CAPS.map(({ path, cap }) => ({ pattern: new RegExp(`^${path.replace(/:[a-z]+/gi, "[^/]+")}$`), cap }));

function formCapOf(path: string): number | undefined {
  return FORM_CAP_PATTERNS.find(({ pattern }) => pattern.test(path))?.cap;
}

/** Reads an action's form within its route's cap from the table above (the one the front door counts against). */
export function readRouteForm(request: Request) {
  return readFormBody(request, requestBodyLimit(new URL(request.url).pathname));
}
