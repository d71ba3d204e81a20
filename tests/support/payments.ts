import { randomBytes } from "node:crypto";
import { z } from "zod";

/**
 * Shared set-up for the payments suites: an in-memory SQLite store, the demo provider, the demo
 * catalogue. Import this module first (it sets the environment before the app's modules read it).
 */
process.env.SQLITE_PATH = ":memory:";
process.env.SESSION_SECRET = "integration-test-secret-long-enough-000000";
process.env.PAYMENT_PROVIDER = "demo";
process.env.DEMO_WEBHOOK_SECRET = "whsec_demo_tests_only_0123456789";
process.env.PUBLIC_SITE_URL = "http://localhost:3000";
process.env.LOG_REQUESTS = "false";

export const DEMO_SECRET = process.env.DEMO_WEBHOOK_SECRET;
export const ORIGIN = "http://localhost:3000";

const { getStore } = await import("../../app/services/store/index.server");
const { DEMO_PLANS, PLANS } = await import("../../app/models/billing/plan.server");
const { savePrivateUser } = await import("../../app/models/identity/user.server");
const { getDemoProvider } = await import("../../app/services/payments/index.server");

export { getStore };

export async function seedPlans() {
  for (const plan of DEMO_PLANS) await getStore().createIfAbsent(PLANS, plan.id, { ...plan });
  // A plan without a trial, so "active" is reachable in tests.
  await getStore().createIfAbsent(PLANS, "monthly-no-trial", {
    ...DEMO_PLANS[0],
    id: "monthly-no-trial",
    name: "Monthly (no trial)",
    trialDays: 0,
    order: 9,
  });
}

export function demo() {
  const provider = getDemoProvider();
  if (!provider) throw new Error("the demo provider is not configured");
  return provider;
}

/** A new onboarded member with a private record. */
export async function newMember(name = "Ada") {
  const uid = `member-${randomBytes(6).toString("hex")}`;
  await savePrivateUser(uid, { firstName: name, lastName: "Lovelace", email: `${uid}@example.com` });
  return uid;
}

export const intentId = () => randomBytes(9).toString("base64url");

const anything = z.record(z.unknown());

/** Every document of a collection (by id), for "nothing was written" comparisons. */
export async function all(collection: string): Promise<Record<string, Record<string, unknown>>> {
  const { docs } = await getStore().query(collection, anything);
  return Object.fromEntries(docs.map((doc) => [doc.id, doc.data]));
}

export async function count(collection: string, where?: { field: string; value: string }): Promise<number> {
  const { docs } = await getStore().query(
    collection,
    anything,
    where ? { where: [{ field: where.field, op: "==", value: where.value }] } : {},
  );
  return docs.length;
}

export function shuffle<T>(items: T[]): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [copy[i], copy[j]] = [copy[j], copy[i]];
  }
  return copy;
}

export const GOOD_CARD = { number: "4242 4242 4242 4242", expMonth: 4, expYear: 2040, name: "Ada Lovelace" };
export const DECLINED_CARD = { ...GOOD_CARD, number: "4000 0000 0000 0002" };
export const AUTH_CARD = { ...GOOD_CARD, number: "4000 0027 6000 3184" };
