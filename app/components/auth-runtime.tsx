import { useLocation, useRevalidator } from "@remix-run/react";
import { useEffect, useRef } from "react";
import type { PublicIdentityConfig } from "~/models/member";

/**
 * Starts the browser's sign-in after the page is interactive (the Firebase SDK is a separate chunk,
 * fetched once the load event has passed and the main thread is idle), so it never delays first
 * paint and never joins the first-load JavaScript.
 */
export function AuthRuntime({ config, memberUid }: { config: PublicIdentityConfig; memberUid: string | null }) {
  const revalidator = useRevalidator();
  const { pathname } = useLocation();
  const latest = useRef({ memberUid, pathname, revalidate: revalidator.revalidate });
  latest.current = { memberUid, pathname, revalidate: revalidator.revalidate };
  const started = useRef(false);

  // One set of hooks for the life of the page; each reads the latest render's values.
  const hooks = useRef({
    serverUid: () => latest.current.memberUid,
    onSessionChanged: () => latest.current.revalidate(),
    signedOutHere: () => latest.current.pathname === "/signed-out",
  }).current;

  useEffect(() => {
    let cancelled = false;
    const cancel = afterInteractive(() => {
      started.current = true;
      import("~/services/auth.client")
        .then(({ startAuth }) => (cancelled ? undefined : startAuth(config, hooks)))
        .catch((error: unknown) => console.warn("Sign-in could not start:", error instanceof Error ? error.message : error));
    });
    return () => {
      cancelled = true;
      cancel();
    };
  }, [config, hooks]);

  // A change of who the server says is signed in (sign-in, sign-out elsewhere): re-check the browser.
  useEffect(() => {
    if (!started.current) return;
    void import("~/services/auth.client").then(({ startAuth }) => startAuth(config, hooks));
  }, [config, hooks, memberUid, pathname]);

  return null;
}

/** Runs `task` once the page has loaded and the main thread is idle; returns a cancel function. */
function afterInteractive(task: () => void): () => void {
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if ("requestIdleCallback" in window) idleHandle = window.requestIdleCallback(task, { timeout: 3000 });
    else timer = setTimeout(task, 200);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    window.removeEventListener("load", run);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
