import { randomInt } from "node:crypto";
import { signInWithPhone } from "./auth-emulator";
import { answerOf, routeArgs, type RouteArgs } from "./route-call";

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
  const response = (await sessionRoute.action(
    routeArgs(
      new Request(`${site}/api/session`, {
        method: "POST",
        headers: { Authorization: `Bearer ${idToken}`, Origin: site, "x-client-ip": `10.26.${randomInt(0, 255)}.${randomInt(1, 254)}` },
      }),
    ),
  )) as Response;
  if (response.status !== 200) throw new Error(`token sync answered ${response.status}`);
  return { uid, cookie: response.headers.get("Set-Cookie")!.split(";")[0], phone };
}

const SITE = "http://localhost:3000";

/** A staff page's loader, asked for `path` with this session cookie (or none). */
export function staffGet(
  route: { loader: (args: RouteArgs) => unknown },
  path: string,
  cookie: string | null,
  params: Record<string, string> = {},
) {
  return answerOf(async () =>
    route.loader(routeArgs(new Request(`${SITE}${path}`, { headers: cookie ? { Cookie: cookie } : {} }), params)),
  );
}

/** A staff form posted as the browser posts it without JavaScript (repeated names as pairs). */
export function staffPost(
  route: { action: (args: RouteArgs) => unknown },
  path: string,
  cookie: string | null,
  fields: Array<[string, string]> | Record<string, string>,
  params: Record<string, string> = {},
) {
  const body = new URLSearchParams(Array.isArray(fields) ? fields : Object.entries(fields)).toString();
  return answerOf(async () =>
    route.action(
      routeArgs(
        new Request(`${SITE}${path}`, {
          method: "POST",
          headers: { ...(cookie ? { Cookie: cookie } : {}), Origin: SITE, "Content-Type": "application/x-www-form-urlencoded" },
          body,
        }),
        params,
      ),
    ),
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
