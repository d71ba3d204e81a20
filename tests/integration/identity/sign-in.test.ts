import { beforeAll, describe, expect, it } from "vitest";
import { emailLinksFor, haveEmulator, signInWithPhone } from "../../support/auth-emulator";
import { responseOf, routeArgs } from "../../support/route-call";

process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../../app/services/store/index.server");
const { getOutbox } = await import("../../../app/services/mail/index.server");
const signIn = await import("~/routes/sign-in/route");
const emailLink = await import("~/routes/auth.email-link/route");
const onboarding = await import("~/routes/onboarding/route");
const sessionRoute = await import("~/routes/api.session/route");
const { getViewer, requireAccess } = await import("../../../app/server/viewer.server");
const { getPrivateUser, claimUsername, savePrivateUser } = await import("../../../app/models/identity/user.server");

const SITE = "http://localhost:3000";
let address = 0;
const args = (request: Request) => routeArgs(request);
const cookieOf = (response: Response) => response.headers.get("Set-Cookie")?.split(";")[0] ?? "";

function form(path: string, fields: Record<string, string>, cookie = "") {
  return new Request(`${SITE}${path}`, {
    method: "POST",
    body: new URLSearchParams(fields),
    headers: { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": `10.2.0.${++address}`, Cookie: cookie },
  });
}

async function memberCookie(phone: string) {
  const { uid, idToken } = await signInWithPhone(phone);
  const response = (await sessionRoute.action(
    args(
      new Request(`${SITE}/api/session`, {
        method: "POST",
        headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.3.0.${++address}` },
      }),
    ),
  )) as Response;
  return { uid, cookie: cookieOf(response) };
}

beforeAll(() => getStore());

describe.skipIf(!haveEmulator)("e-mail link sign-in without JavaScript", () => {
  it("sends a link, completes it on the server, then onboards and returns to where the person was going", async () => {
    const email = `walker.${Date.now()}@example.com`;
    const sent = (await signIn.action(args(form("/sign-in?next=%2Fteachers", { email: ` ${email.toUpperCase()} ` })))) as Response;
    expect(sent.status).toBe(302);
    expect(sent.headers.get("Location")).toBe("/sign-in?sent=1&next=%2Fteachers#email-link");
    const cookie = cookieOf(sent);
    const [link] = await emailLinksFor(email);
    expect(link).toBeDefined();
    expect(new URL(link.oobLink).searchParams.get("continueUrl")).toBe(`${SITE}/auth/email-link?next=%2Fteachers`);
    // The site mails the link itself (through the outbox here, SMTP in production), once, pointing at
    // its own landing page with the provider's code.
    const mail = (await getOutbox()!.read({ to: email })).filter((entry) => entry.subject === "Your link to sign in to Stillhour");
    expect(mail).toHaveLength(1);
    expect(mail[0].text).toContain(`${SITE}/auth/email-link?next=%2Fteachers&mode=signIn&oobCode=${link.oobCode}`);

    const landing = await responseOf(
      emailLink.loader(
        args(new Request(`${SITE}/auth/email-link?next=%2Fteachers&oobCode=${link.oobCode}`, { headers: { Cookie: cookie } })),
      ),
    );
    expect(landing.status).toBe(302);
    expect(landing.headers.get("Location")).toBe("/onboarding?next=%2Fteachers");
    const session = cookieOf(landing);
    const viewer = await getViewer(new Request(`${SITE}/`, { headers: { Cookie: session } }));
    expect(viewer).toMatchObject({ anonymous: false });

    // Onboarding: a wrong field keeps the other; then saved, and on to /teachers.
    const bad = (await onboarding.action(
      args(form("/onboarding?next=%2Fteachers", { firstName: "Rowan", lastName: "<b>", email: "" }, session)),
    )) as unknown as {
      data: { errors: Record<string, string>; values: Record<string, string> };
      init: ResponseInit;
    };
    expect(bad.init.status).toBe(400);
    expect(bad.data.errors.lastName).toMatch(/letters/);
    expect(bad.data.values.firstName).toBe("Rowan");
    const good = await responseOf(
      onboarding.action(args(form("/onboarding?next=%2Fteachers", { firstName: "Rowan", lastName: "Ashby", email: "" }, session))),
    );
    expect(good.headers.get("Location")).toBe("/teachers");
    expect(await getPrivateUser(viewer!.uid)).toMatchObject({ firstName: "Rowan", lastName: "Ashby", email });
    const again = await responseOf(
      onboarding.loader(args(new Request(`${SITE}/onboarding?next=%2Fteachers`, { headers: { Cookie: session } }))),
    );
    expect(again.headers.get("Location")).toBe("/teachers");
  });

  it("refuses a replayed link with a clear page", async () => {
    const email = `replay.${Date.now()}@example.com`;
    const cookie = cookieOf((await signIn.action(args(form("/sign-in", { email })))) as Response);
    const [link] = await emailLinksFor(email);
    const url = `${SITE}/auth/email-link?oobCode=${link.oobCode}`;
    expect((await responseOf(emailLink.loader(args(new Request(url, { headers: { Cookie: cookie } }))))).status).toBe(302);
    const replay = (await emailLink.loader(args(new Request(url, { headers: { Cookie: cookie } })))) as unknown as {
      data: { state: string; message: string };
      init: ResponseInit;
    };
    expect(replay.init.status).toBe(410);
    expect(replay.data).toMatchObject({ state: "failed" });
    expect(replay.data.message).toMatch(/already been used or has expired/);
  });

  it("asks for the address when the link is opened in another browser", async () => {
    const email = `other.${Date.now()}@example.com`;
    await signIn.action(args(form("/sign-in", { email })));
    const [link] = await emailLinksFor(email);
    const url = `${SITE}/auth/email-link?oobCode=${link.oobCode}`;
    const asked = (await emailLink.loader(args(new Request(url)))) as unknown as { data: { state: string } };
    expect(asked.data.state).toBe("ask-email");
    const wrong = (await emailLink.action(args(form(`/auth/email-link?oobCode=${link.oobCode}`, { email: "nope" })))) as unknown as {
      init: ResponseInit;
      data: { errors: Record<string, string> };
    };
    expect(wrong.init.status).toBe(400);
    const done = await responseOf(emailLink.action(args(form(`/auth/email-link?oobCode=${link.oobCode}`, { email }))));
    expect(done.status).toBe(302);
  });

  it.each([[""], ["not-an-email"], [`${"a".repeat(250)}@example.com`]])(
    "answers the email %j with 400 and a message beside the field",
    async (email) => {
      const result = (await signIn.action(args(form("/sign-in", { email })))) as unknown as {
        init: ResponseInit;
        data: { errors: Record<string, string> };
      };
      expect(result.init.status).toBe(400);
      expect(result.data.errors.email).toMatch(/email/i);
    },
  );

  it("treats a link with a broken code as incomplete (400), not a server error", async () => {
    const result = (await emailLink.loader(args(new Request(`${SITE}/auth/email-link?oobCode=%3Cscript%3E`)))) as unknown as {
      init: ResponseInit;
      data: { state: string };
    };
    expect(result.init.status).toBe(400);
    expect(result.data.state).toBe("incomplete");
  });
});

describe.skipIf(!haveEmulator)("guards from the route handle", () => {
  const settingsLike = { requiresAuth: true };

  it("sends a visitor to sign in and back", async () => {
    const response = await responseOf(requireAccess(new Request(`${SITE}/settings?tab=photo`), settingsLike));
    expect(response.headers.get("Location")).toBe("/sign-in?next=%2Fsettings%3Ftab%3Dphoto");
  });

  it("sends a member who has not onboarded to onboarding", async () => {
    const { cookie } = await memberCookie("+15550105001");
    const response = await responseOf(requireAccess(new Request(`${SITE}/settings`, { headers: { Cookie: cookie } }), settingsLike));
    expect(response.headers.get("Location")).toBe("/onboarding?next=%2Fsettings");
  });

  it("answers 403 to a member without the role, and lets one with it in", async () => {
    const member = await memberCookie("+15550105002");
    await savePrivateUser(member.uid, { firstName: "Ada", lastName: "Lind" });
    const refused = await responseOf(
      requireAccess(new Request(`${SITE}/staff`, { headers: { Cookie: member.cookie } }), { requiresAuth: true, roles: ["admin"] }),
    );
    expect(refused.status).toBe(403);
    const { setClaims } = await import("../../../app/services/identity/index.server");
    await setClaims(member.uid, { admin: true });
    const allowed = await requireAccess(new Request(`${SITE}/staff`, { method: "POST", headers: { Cookie: member.cookie } }), {
      requiresAuth: true,
      roles: ["admin"],
    });
    expect(allowed.viewer.roles).toEqual(["admin"]);
  });
});

describe("usernames", () => {
  it("gives one name to exactly one of 20 concurrent claimants, ignoring case", async () => {
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => claimUsername(`race-${i}`, i % 2 ? "StillWater" : "stillwater")),
    );
    expect(results.filter((result) => result.ok)).toHaveLength(1);
    expect(results.filter((result) => !result.ok && result.reason === "taken")).toHaveLength(19);
  });

  it("releases the old name when a person changes theirs", async () => {
    expect(await claimUsername("changer", "first_name")).toEqual({ ok: true });
    expect(await claimUsername("changer", "second_name")).toEqual({ ok: true });
    expect(await claimUsername("someone-else", "FIRST_name")).toEqual({ ok: true });
  });
});
