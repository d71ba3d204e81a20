import { beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { haveEmulator, signInWithPhone } from "../support/auth-emulator";
import { routeArgs } from "../support/route-call";

// Issue 23, item 10: analytics carries a pseudonym, not a person. Uploads are bound to the session's
// own pseudonym, contact details stay out unless the operator turns them on, and stored events expire.
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";

const { getStore } = await import("../../app/services/store/index.server");
const { collectUpload, resetCollectorLimits } = await import("../../app/routes/api.analytics/collector.server");
const { ANALYTICS_EVENTS, COLLECTED_EVENTS } = await import("../../app/platform/analytics-event.server");
const { uploadChecksum } = await import("../../app/platform/analytics-upload");
const { getEnv } = await import("../../app/lib/env.server");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { userPropertiesFrom } = await import("../../app/browser/analytics-runtime.client");
const sessionRoute = await import("~/routes/api.session/route");
const root = await import("~/root");
// Tolerant imports, so each test below reports its own failure on code that lacks the module.
const analyticsId = (await import("../../app/platform/analytics-id.server").catch(
  () => ({}),
)) as typeof import("../../app/platform/analytics-id.server");
const retention = (await import("../../app/platform/analytics-retention.server").catch(
  () => ({}),
)) as typeof import("../../app/platform/analytics-retention.server");

const SITE = "http://localhost:3000";
const KEY = getEnv().ANALYTICS_KEY;
const NOW = Date.UTC(2026, 10, 23, 12);
const DAY = 86_400_000;
let address = 0;

beforeEach(() => resetCollectorLimits());

/** A member's session cookie, made as the page's own script makes it. */
async function memberCookie(phone: string): Promise<{ uid: string; cookie: string }> {
  const { uid, idToken } = await signInWithPhone(phone);
  const request = new Request(`${SITE}/api/session`, {
    method: "POST",
    headers: { Authorization: `Bearer ${idToken}`, Origin: SITE, "x-client-ip": `10.23.0.${++address}` },
  });
  const response = (await sessionRoute.action(routeArgs(request))) as Response;
  expect(response.status).toBe(200);
  return { uid, cookie: response.headers.get("Set-Cookie")!.split(";")[0] };
}

function upload(events: unknown[], cookie?: string) {
  const e = JSON.stringify(events);
  const uploadTime = String(NOW);
  const body = new URLSearchParams({ client: KEY, e, v: "2", upload_time: uploadTime, checksum: uploadChecksum("2", KEY, e, uploadTime) });
  const headers: Record<string, string> = { "Content-Type": "application/x-www-form-urlencoded", "x-client-ip": `10.23.1.${++address}` };
  if (cookie) headers.Cookie = cookie;
  return new Request(`${SITE}/api/analytics`, { method: "POST", body, headers });
}

const event = (insertId: string, extra: Record<string, unknown> = {}) => ({
  event_type: "Web_Page_Viewed",
  time: NOW - 1000,
  insert_id: insertId,
  device_id: "device-23",
  event_properties: { path: "/" },
  ...extra,
});

async function storedByInsertId(insertId: string) {
  const { docs } = await getStore().query(COLLECTED_EVENTS, z.record(z.unknown()), {
    where: [{ field: "insert_id", op: "==", value: insertId }],
  });
  expect(docs).toHaveLength(1);
  return docs[0].data;
}

describe("analytics uploads are bound to the session's own pseudonym", () => {
  it("stores an upload that claims someone's id, from a visitor without a session, without any id", async () => {
    const result = await collectUpload(upload([event("nosession-1", { user_id: "someone-elses-uid" })]), NOW);
    expect(result.status).toBe(200);
    expect((await storedByInsertId("nosession-1")).user_id ?? null).toBeNull();
  });

  it.skipIf(!haveEmulator)("stores an upload claiming another member's id without it, and keeps the member's own pseudonym", async () => {
    const me = await memberCookie("+15550123001");
    const other = await memberCookie("+15550123002");
    const mine = analyticsId.analyticsIdFor(me.uid);
    expect(mine).not.toContain(me.uid);
    const answer = await collectUpload(
      upload(
        [
          event("claim-other-pseudonym", { user_id: analyticsId.analyticsIdFor(other.uid) }),
          event("claim-other-uid", { user_id: other.uid }),
          event("claim-own", { user_id: mine }),
        ],
        me.cookie,
      ),
      NOW,
    );
    expect(answer.status).toBe(200);
    for (const insertId of ["claim-other-pseudonym", "claim-other-uid"]) {
      const stored = await storedByInsertId(insertId);
      expect([mine, null, undefined]).toContain(stored.user_id);
      expect(JSON.stringify(stored)).not.toContain(other.uid);
    }
    expect((await storedByInsertId("claim-own")).user_id).toBe(mine);
  });

  it("drops contact details an upload carries unless the operator turned them on", async () => {
    const answer = await collectUpload(
      upload([
        event("contact-1", {
          user_properties: { fullName: "Ada Lovelace", email: "ada@example.com", phone: "+15550123009", subscribed: true },
        }),
      ]),
      NOW,
    );
    expect(answer.status).toBe(200);
    const stored = await storedByInsertId("contact-1");
    expect(JSON.stringify(stored)).not.toMatch(/Ada|ada@example\.com|5550123009/);
    expect(stored.user_properties).toMatchObject({ subscribed: true });
  });
});

describe("the page's analytics configuration", () => {
  it.skipIf(!haveEmulator)("carries a pseudonym and no e-mail, phone or name by default, and the browser sends none", async () => {
    const me = await memberCookie("+15550123003");
    await savePrivateUser(me.uid, {
      firstName: "Wren",
      lastName: "Halloway",
      email: "wren.halloway@example.com",
      phoneNumber: "+15550123003",
    });
    const request = new Request(`${SITE}/settings`, { headers: { Cookie: me.cookie } });
    const response = (await root.loader(routeArgs(request))) as unknown as { data: Record<string, unknown> };
    const data = response.data as { analytics: Record<string, unknown>; member: unknown; variants: Record<string, string> };
    expect(data.analytics.userId).toBe(analyticsId.analyticsIdFor(me.uid));
    const config = JSON.stringify(data.analytics);
    expect(config).not.toMatch(/Wren|Halloway|wren\.halloway@example\.com|5550123003/);
    expect(config).not.toContain(me.uid);
    const sent = JSON.stringify(userPropertiesFrom(data as never));
    expect(sent).not.toMatch(/Wren|Halloway|wren\.halloway@example\.com|5550123003/);
  });

  it("adds contact details only when the operator turns them on", () => {
    const member = {
      uid: "uid-1",
      record: { firstName: "Wren", lastName: "Halloway", email: "w@example.com", phoneNumber: "+15550123004" },
    };
    expect(JSON.stringify(analyticsId.analyticsConfigFor(member, { contactDetails: false }))).not.toMatch(
      /Wren|w@example|5550123004|uid-1/,
    );
    expect(analyticsId.analyticsConfigFor(member, { contactDetails: true }).contact).toEqual({
      fullName: "Wren Halloway",
      email: "w@example.com",
      phone: "+15550123004",
    });
    expect(analyticsId.analyticsConfigFor(null, { contactDetails: true })).toMatchObject({ userId: null, contact: null });
  });
});

describe("analytics retention", () => {
  it("deletes events older than the retention from both collections, keeps younger ones, and is idempotent", async () => {
    const store = getStore();
    await store.set(COLLECTED_EVENTS, "retention-old", {
      event_type: "Web_Old",
      time: NOW - 100 * DAY,
      receivedAt: NOW - 91 * DAY,
      uploadTime: NOW - 91 * DAY,
    });
    await store.set(COLLECTED_EVENTS, "retention-young", {
      event_type: "Web_Young",
      time: NOW - 10 * DAY,
      receivedAt: NOW - 89 * DAY,
      uploadTime: NOW - 89 * DAY,
    });
    await store.set(ANALYTICS_EVENTS, "retention-old", { name: "Old", properties: {}, uid: "uid-x", at: NOW - 91 * DAY, uploaded: false });
    await store.set(ANALYTICS_EVENTS, "retention-young", {
      name: "Young",
      properties: {},
      uid: "uid-x",
      at: NOW - 89 * DAY,
      uploaded: true,
    });
    const first = await retention.deleteExpiredAnalyticsEvents({ now: NOW, days: 90 });
    expect(first).toEqual({ collected: 1, recorded: 1 });
    const any = z.record(z.unknown());
    expect(await store.get(COLLECTED_EVENTS, "retention-old", any)).toBeNull();
    expect(await store.get(ANALYTICS_EVENTS, "retention-old", any)).toBeNull();
    expect(await store.get(COLLECTED_EVENTS, "retention-young", any)).not.toBeNull();
    expect(await store.get(ANALYTICS_EVENTS, "retention-young", any)).not.toBeNull();
    expect(await retention.deleteExpiredAnalyticsEvents({ now: NOW, days: 90 })).toEqual({ collected: 0, recorded: 0 });
    expect(getEnv().ANALYTICS_RETENTION_DAYS).toBe(90);
  });
});
