import { beforeAll, describe, expect, it } from "vitest";
import "../support/in-memory-site";
import { routeArgs } from "../support/route-call";

/**
 * Issue 36, item 5 (ADR 060): the class, studio class, waiver and favourite forms answer a refusal
 * in the one shape every page reads, `{ errors: { field | form }, values }`, keeping the sentences a
 * person read before. Real Requests and a real session, on SQLite and the Auth emulator.
 */

const { haveEmulator } = await import("../support/auth-emulator");
const { signedInMember } = await import("../support/signed-in");
const { getStore } = await import("../../app/services/store/index.server");
const { seedDemoContent } = await import("../../app/demo/seed.server");
const classRoute = await import("~/routes/classes.$classId/route");
const studioClassRoute = await import("~/routes/studios.$slug_.classes.$classId/route");
const waiverRoute = await import("~/routes/studios.$slug_.waiver/route");
const onDemandClassRoute = await import("~/routes/on-demand.$classSlug/route");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { getCatalogue } = await import("../../app/models/on-demand/on-demand.server");

const SITE = "http://localhost:3000";
let address = 0;

const post = (path: string, fields: Record<string, string>, cookie = "") =>
  new Request(`${SITE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: {
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: cookie,
      Origin: SITE,
      "x-client-ip": `10.36.5.${(++address % 250) + 1}`,
    },
  });

/** An action's answer as status and body: a returned `data(…)`, or a Response (a redirect). */
async function answered(value: unknown): Promise<{ status: number; body: unknown }> {
  if (value instanceof Response) return { status: value.status, body: null };
  const wrapped = value as { data: unknown; init: ResponseInit | null };
  return { status: wrapped.init?.status ?? 200, body: wrapped.data };
}

async function classIn(minutes: number, extra: Record<string, unknown> = {}) {
  const id = `place-forms-${++address}-${Date.now()}`;
  await getStore().set("classes", id, {
    id,
    slug: id,
    title: "Harbour Sit",
    teacherId: "teacher-amara",
    modality: "meditation",
    startsAt: new Date(Date.now() + minutes * 60_000).toISOString(),
    durationMinutes: 30,
    description: "",
    capacity: 10,
    timeZone: "Europe/London",
    ...extra,
  });
  return id;
}

beforeAll(async () => {
  await seedDemoContent(getStore());
});

describe.skipIf(!haveEmulator)("a refused place form answers { errors, values }", () => {
  it("the class page: a wrong intent and a refused change, each under form", async () => {
    const { cookie } = await signedInMember();
    const classId = await classIn(60);
    const call = (fields: Record<string, string>) => classRoute.action(routeArgs(post(`/classes/${classId}`, fields, cookie), { classId }));
    expect(await answered(await call({ intent: "teleport" }))).toEqual({
      status: 400,
      body: { errors: { form: "That request could not be read. Please try again." }, values: {} },
    });
    const cancelled = await answered(await call({ intent: "cancel" }));
    expect(cancelled.status).toBeGreaterThanOrEqual(400);
    expect(cancelled.body).toEqual({ errors: { form: expect.any(String) }, values: {} });
  });

  it("the studio class page: a way to pay it cannot read keeps the page's own sentence", async () => {
    const { cookie } = await signedInMember();
    const classId = await classIn(7 * 24 * 60, { studioId: "lantern-yard", roomId: "sun-room", timeZone: "America/New_York" });
    const request = post(`/studios/lantern-yard/classes/${classId}`, { intent: "book", pay: "cash-in-hand" }, cookie);
    const answer = await answered(await studioClassRoute.action(routeArgs(request, { slug: "lantern-yard", classId })));
    expect(answer).toEqual({
      status: 400,
      body: { errors: { form: "That request could not be read. Please choose how to pay and try again." }, values: {} },
    });
  });

  it("the waiver: a message beside each wrong field, and what was typed kept", async () => {
    const { uid, cookie } = await signedInMember();
    await savePrivateUser(uid, { firstName: "Rowan", lastName: "Ashby", email: `${uid}@example.com` });
    const request = post("/studios/lantern-yard/waiver", { version: "1", fullName: "", birthday: "1990-02-31", guardianName: "" }, cookie);
    const answer = await answered(await waiverRoute.action(routeArgs(request, { slug: "lantern-yard" })));
    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({
      errors: {
        fullName: "Please type your full name.",
        consent: "Please tick the box to say you have read and agree to the waiver.",
        birthday: "That date doesn't exist. Please check the day and month.",
      },
      values: { fullName: "", birthday: "1990-02-31", guardianName: "" },
    });
  });

  it("the heart: a visitor is asked to sign in, and a value it cannot read is said above the page", async () => {
    const { cookie } = await signedInMember();
    const classSlug = (await getCatalogue()).classes[0]!.slug;
    const call = (fields: Record<string, string>, as = "") =>
      onDemandClassRoute.action(routeArgs(post(`/on-demand/${classSlug}`, fields, as), { classSlug }));
    expect(await answered(await call({ favorite: "on" }))).toEqual({
      status: 401,
      body: { errors: { form: "Sign in to keep favourites." }, values: {} },
    });
    expect(await answered(await call({ favorite: "maybe" }, cookie))).toEqual({
      status: 400,
      body: { errors: { form: "Choose whether to save or remove it." }, values: {} },
    });
    expect((await answered(await call({ favorite: "on" }, cookie))).status).toBe(303);
  });
});
