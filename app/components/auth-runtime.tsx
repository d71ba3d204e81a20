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
  const state = useRef({ memberUid, pathname, revalidate: revalidator.revalidate });
  state.current = { memberUid, pathname, revalidate: revalidator.revalidate };

  useEffect(() => {
    let cancelled = false;
    const cancel = afterInteractive(() => {
      import("~/services/auth.client")
        .then(({ startAuth }) => {
          if (cancelled) return;
          return startAuth(config, {
            serverUid: () => state.current.memberUid,
            onSessionChanged: () => state.current.revalidate(),
            signedOutHere: () => state.current.pathname === "/signed-out",
          });
        })
        .catch((error: unknown) => console.warn("Sign-in could not start:", error instanceof Error ? error.message : error));
    });
    return () => {
      cancelled = true;
      cancel();
    };
    // The configuration is fixed for the life of the page; the hooks read the latest values.
  }, [config]);

  // A change of who the server says is signed in (sign-in, sign-out elsewhere): re-check the browser.
  useEffect(() => {
    if (!window.__stillhourAuthStarted) return;
    void import("~/services/auth.client").then(({ startAuth }) =>
      startAuth(config, {
        serverUid: () => state.current.memberUid,
        onSessionChanged: () => state.current.revalidate(),
        signedOutHere: () => state.current.pathname === "/signed-out",
      }),
    );
  }, [config, memberUid, pathname]);

  return null;
}

declare global {
  interface Window {
    __stillhourAuthStarted?: boolean;
  }
}

/** Runs `task` once the page has loaded and the main thread is idle; returns a cancel function. */
function afterInteractive(task: () => void): () => void {
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    const go = () => {
      window.__stillhourAuthStarted = true;
      task();
    };
    if ("requestIdleCallback" in window) idleHandle = window.requestIdleCallback(go, { timeout: 3000 });
    else timer = setTimeout(go, 200);
  };
  if (document.readyState === "complete") run();
  else window.addEventListener("load", run, { once: true });
  return () => {
    window.removeEventListener("load", run);
    if (idleHandle !== undefined) window.cancelIdleCallback(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
