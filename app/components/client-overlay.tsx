import { useMatches } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { mergeRouteHandles, type RouteHandle } from "~/lib/route-handle";

type Theme = RouteHandle["theme"];

/** The body class that is the global open flag (§2: menu or overlay); the shell clears it on each route-name change. */
export const OPEN_FLAG_CLASS = "menu-open";

/**
 * §2: an overlay that renders on the client only, in the theme it is given (a dark overlay over a
 * light page is fine). Nothing at all is rendered on the server or in the first client render, so it
 * can never cause a hydration mismatch. While open it raises the global open flag; it closes itself
 * when the route name changes (the shell clears the flag at the same moment) and on Escape.
 */
export function ClientOverlay({
  theme,
  open,
  onClose,
  label,
  children,
}: {
  theme: Theme;
  open: boolean;
  onClose: () => void;
  label: string;
  children: ReactNode;
}) {
  const [mounted, setMounted] = useState(false);
  const close = useRef(onClose);
  close.current = onClose;
  const routeName = mergeRouteHandles(useMatches().map((match) => match.handle)).name;
  const shownOn = useRef(routeName);

  useEffect(() => setMounted(true), []);

  useEffect(() => {
    if (routeName === shownOn.current) return;
    shownOn.current = routeName;
    close.current();
  }, [routeName]);

  useEffect(() => {
    if (!open) return;
    const previous = document.activeElement as HTMLElement | null;
    document.body.classList.add(OPEN_FLAG_CLASS);
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") close.current();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.body.classList.remove(OPEN_FLAG_CLASS);
      previous?.focus?.();
    };
  }, [open]);

  if (!mounted || !open) return null;
  return createPortal(
    <div className="client-overlay" data-theme={theme} data-overlay="" role="dialog" aria-modal="true" aria-label={label}>
      <div className="client-overlay__panel">
        <button type="button" className="client-overlay__close" onClick={() => close.current()} autoFocus>
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">Close</span>
        </button>
        {children}
      </div>
    </div>,
    document.body,
  );
}
