import { randomInt } from "node:crypto";
import { signInWithPhone } from "./auth-emulator";

/**
 * A signed-in, onboarded person with these role claims, through the real token sync against the
 * Auth emulator: the session cookie to send with staff requests, the uid and the phone number. For
 * integration tests of the staff pages (issue 26). Import the test's environment set-up first.
 */
export async function staffSession(
  claims: Record<string, boolean | string>,
  site = "http://localhost:3000",
  firstName = "Staff",
): Promise<{ uid: string; cookie: string; phone: string }> {
  const identity = await import("../../app/services/identity/index.server");
  const { savePrivateUser } = await import("../../app/models/identity/user.server");
  const sessionRoute = await import("../../app/routes/api.session/route");
  const phone = `+1555${randomInt(1_000_000, 9_999_999)}`;
  const { uid, idToken } = await signInWithPhone(phone);
  if (Object.keys(claims).length > 0) await identity.setClaims(uid, claims);
  await savePrivateUser(uid, { firstName, lastName: "Person", email: `${uid.toLowerCase()}@example.com` });
  const response = (await sessionRoute.action({
    request: new Request(`${site}/api/session`, {
      method: "POST",
      headers: { Authorization: `Bearer ${idToken}`, Origin: site, "x-client-ip": `10.26.${randomInt(0, 255)}.${randomInt(1, 254)}` },
    }),
    params: {},
    context: {},
  } as never)) as Response;
  if (response.status !== 200) throw new Error(`token sync answered ${response.status}`);
  return { uid, cookie: response.headers.get("Set-Cookie")!.split(";")[0], phone };
}

/** What a loader or action answered, thrown or returned: the status and, for data, the payload. */
export async function answerOf(run: () => Promise<unknown>): Promise<{ status: number; location: string | null; data: unknown }> {
  let answer: unknown;
  try {
    answer = await run();
  } catch (thrown) {
    answer = thrown;
  }
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get("Location"), data: null };
  const shaped = answer as { init?: { status?: number } | null; data?: unknown; type?: string };
  if (shaped && shaped.type === "DataWithResponseInit") return { status: shaped.init?.status ?? 200, location: null, data: shaped.data };
  return { status: 200, location: null, data: answer };
}

const SITE = "http://localhost:3000";

/** A staff page's loader, asked for `path` with this session cookie (or none). */
export function staffGet(
  route: { loader: (args: never) => unknown },
  path: string,
  cookie: string | null,
  params: Record<string, string> = {},
) {
  return answerOf(async () =>
    route.loader({ request: new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), params, context: {} } as never),
  );
}

/** A staff form posted as the browser posts it without JavaScript (repeated names as pairs). */
export function staffPost(
  route: { action: (args: never) => unknown },
  path: string,
  cookie: string | null,
  fields: Array<[string, string]> | Record<string, string>,
  params: Record<string, string> = {},
) {
  const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
  return answerOf(async () =>
    route.action({
      request: new Request(`${SITE}${path}`, {
        method: "POST",
        headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
        body,
      }),
      params,
      context: {},
    } as never),
  );
}

/** The audit entries about one record, as stored. */
export async function auditEntriesFor(targetId: string) {
  const { getStore } = await import("../../app/services/store/index.server");
  const { AUDIT_LOG } = await import("../../app/models/staff/audit.server");
  const { AuditEntrySchema } = await import("../../app/models/staff/audit");
  const { docs } = await getStore().query(AUDIT_LOG, AuditEntrySchema, { where: [{ field: "target.id", op: "==", value: targetId }] });
  return docs.map((d) => d.data).sort((a, b) => a.at.localeCompare(b.at));
}
