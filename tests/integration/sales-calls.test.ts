import { describe, expect, it } from "vitest";
import "../support/in-memory-site";
import { haveEmulator } from "../support/auth-emulator";
import { staffSession } from "../support/staff-session";
import { routeArgs } from "../support/route-call";

/**
 * Issue 34, item 4: the header, the phone menu and the bands offer the free week only to someone who
 * can take it. The root loader says which call a signed-in person gets (`member.call`); a visitor's
 * shared page carries no member at all, so it keeps the offer.
 */

const root = await import("~/root");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const SITE = "http://localhost:3000";
const DAY = 86_400;

async function rootMember(cookie: string | null) {
  const result = (await root.loader(routeArgs(new Request(`${SITE}/`, { headers: cookie ? { Cookie: cookie } : {} })))) as unknown;
  const data = (result as { data?: unknown }).data ?? result;
  return (data as { member: { call: string; isStaff: boolean } | null }).member;
}

const inDays = (days: number) => Math.floor(Date.now() / 1000) + days * DAY;

describe.skipIf(!haveEmulator)("who is offered the membership", () => {
  it("offers it to a visitor (no member on the shared page) and to a signed-in person who never had a plan", async () => {
    expect(await rootMember(null)).toBeNull();
    const newcomer = await staffSession({}, SITE, "Wren");
    expect(await rootMember(newcomer.cookie)).toMatchObject({ call: "offer", isStaff: false });
  });

  it("gives a trialing or paying member their classes, never the trial again", async () => {
    const trialing = await staffSession({}, SITE, "Tove");
    await savePrivateUser(trialing.uid, { subscriptionStatus: "trialing", subscriptionExpirationDate: inDays(6) });
    expect(await rootMember(trialing.cookie)).toMatchObject({ call: "member" });
    const paying = await staffSession({}, SITE, "Pia");
    await savePrivateUser(paying.uid, { subscriptionStatus: "active", subscriptionExpirationDate: inDays(20) });
    expect(await rootMember(paying.cookie)).toMatchObject({ call: "member" });
  });

  it("offers nothing to staff, nor to someone whose plan has ended (their trial is spent)", async () => {
    for (const role of ["admin", "blogEditor", "cohost", "facilitator", "studioStaff"]) {
      const person = await staffSession({ [role]: true }, SITE);
      expect(await rootMember(person.cookie), role).toMatchObject({ call: "none", isStaff: true });
    }
    const former = await staffSession({}, SITE, "Fern");
    await savePrivateUser(former.uid, { subscriptionStatus: "canceled", subscriptionExpirationDate: inDays(-3) });
    expect(await rootMember(former.cookie)).toMatchObject({ call: "none", isStaff: false });
  });

  it("lets a staff member who is also a member see their classes", async () => {
    const both = await staffSession({ facilitator: true }, SITE, "Bo");
    await savePrivateUser(both.uid, { subscriptionStatus: "active", subscriptionExpirationDate: inDays(20) });
    expect(await rootMember(both.cookie)).toMatchObject({ call: "member", isStaff: true });
  });
});
