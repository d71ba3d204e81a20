import { getEnv } from "~/lib/env.server";
import { salesCallFor, type MemberSummary, type PublicIdentityConfig } from "~/models/identity/member";
import { toLiveUserRecord } from "~/models/identity/live-user";
import { liveUserOptions } from "./live-user.server";
import { initialsOf } from "~/models/identity/user";
import { MAX_SIGN_IN_AGE_SECONDS, getViewerState } from "./viewer.server";

/** The header's view of a signed-in member, or null for visitors and anonymous accounts. */
export async function getMemberSummary(request: Request, context?: object): Promise<MemberSummary | null> {
  const state = await getViewerState(request, context);
  if (!state || state.viewer.anonymous) return null;
  const { user } = state;
  return {
    uid: state.viewer.uid,
    firstName: user.firstName,
    initials: initialsOf(user.firstName, user.lastName),
    photoUrl: user.photoUrl,
    photoColor: user.photoColor,
    isSubscribed: user.isSubscribed,
    isStaff: user.roles.length > 0,
    call: salesCallFor(user),
    record: toLiveUserRecord(user),
    liveOptions: liveUserOptions(state.viewer),
    handOverMs: Math.max(0, (state.viewer.signedInAt + MAX_SIGN_IN_AGE_SECONDS) * 1000 - Date.now()),
  };
}

/**
 * The identity settings the browser may see, or null when sign-in is not configured; for a member,
 * whether their session may still be handed to the browser's sign-in.
 */
export function publicIdentityConfig(member: Pick<MemberSummary, "handOverMs"> | null = null): PublicIdentityConfig | null {
  const config = identityConfigForBrowser();
  return config && member?.handOverMs ? { ...config, handOver: true } : config;
}

function identityConfigForBrowser(): PublicIdentityConfig | null {
  const identity = getEnv().identity;
  if (identity.mode === "off") return null;
  if (identity.mode === "emulator") {
    return {
      mode: "emulator",
      apiKey: identity.apiKey,
      authDomain: identity.authDomain,
      projectId: identity.projectId,
      emulatorHost: identity.emulatorHost,
    };
  }
  return {
    mode: "firebase",
    apiKey: identity.apiKey,
    authDomain: identity.authDomain,
    projectId: identity.projectId,
    appId: identity.appId,
  };
}
