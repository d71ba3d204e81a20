import { randomInt } from "node:crypto";
import { signInWithPhone } from "./auth-emulator";
import { routeArgs } from "./route-call";

/**
 * A member signed in through the real token sync (`/api/session`) against the Auth emulator, for
 * integration tests that call a member's loaders and actions: the session cookie to send, and the
 * uid. Needs the emulator (`haveEmulator`). Import the test's environment set-up before this module.
 */
export async function signedInMember(site = "http://localhost:3000"): Promise<{ uid: string; cookie: string }> {
  const sessionRoute = await import("../../app/routes/api.session/route");
  // A number of its own, so suites sharing one emulator never share an account.
  const phone = `+1555${randomInt(1_000_000, 9_999_999)}`;
  const { uid, idToken } = await signInWithPhone(phone);
  const response = (await sessionRoute.action(
    routeArgs(
      new Request(`${site}/api/session`, {
        method: "POST",
        headers: {
          Authorization: `Bearer ${idToken}`,
          Origin: site,
          "x-client-ip": `10.9.${randomInt(0, 255)}.${randomInt(1, 254)}`,
        },
      }),
    ),
  )) as Response;
  if (response.status !== 200) throw new Error(`token sync answered ${response.status}`);
  const cookie = response.headers.get("Set-Cookie")?.split(";")[0] ?? "";
  return { uid, cookie };
}
