import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PublicIdentityConfig } from "~/models/identity/member";

/**
 * The browser's sign-in (the Firebase SDK, a separate chunk never in the first-load JavaScript):
 * started when app/browser/sign-in-start.client.ts says, then kept in step with the server.
 * `localTimes` is the page's route-handle flag: a newly reported time zone reloads the data of a page
 * that shows times in the visitor's zone, and of no other (the next page's loaders read the zone).
 */
export function AuthRuntime({
  config,
  memberUid,
  localTimes,
}: {
  config: PublicIdentityConfig;
  memberUid: string | null;
  localTimes: boolean;
}) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ config, memberUid, pathname, localTimes, revalidate: revalidator.revalidate });
  latest.current = { config, memberUid, pathname, localTimes, revalidate: revalidator.revalidate };
  const started = useRef(false);

  // One set of hooks for the life of the page; each reads the latest render's values.
  const hooks = useRef({
    serverUid: () => latest.current.memberUid,
    onSessionChanged: () => latest.current.revalidate(),
    signedOutHere: () => latest.current.pathname === "/signed-out",
  }).current;

  // The first call starts sign-in; later calls re-check the browser against the server.
  const start = useRef(() => {
    started.current = true;
    import("~/browser/auth.client")
      .then(({ startAuth }) => startAuth(latest.current.config, hooks))
      .catch((error: unknown) => console.warn("Sign-in could not start:", error instanceof Error ? error.message : error));
  }).current;

  useEffect(() => {
    void import("~/browser/sign-in-start.client").then(({ scheduleSignIn }) =>
      scheduleSignIn({
        eager: isEager(latest.current.memberUid, latest.current.pathname),
        start: () => started.current || start(),
        onTimeZoneChanged: () => latest.current.localTimes && latest.current.revalidate(),
      }),
    );
  }, [start]);

  // A change of who the server says is signed in (sign-in, sign-out elsewhere): re-check the browser;
  // not started yet, a page that needs it now (a member's, the sign-in form) starts it.
  const first = useRef(true);
  useEffect(() => {
    if (first.current) return void (first.current = false);
    if (started.current || isEager(memberUid, pathname)) start();
  }, [config, start, memberUid, pathname]);

  return null;
}

/** Pages whose forms need the browser's user at once: a member's, signing in, where a sign-out lands. */
function isEager(memberUid: string | null, pathname: string): boolean {
  return memberUid !== null || pathname === "/sign-in" || pathname === "/signed-out";
}
