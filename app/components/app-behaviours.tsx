import { useLocation, useNavigate, useNavigation, useNavigationType } from "@remix-run/react";
import { useEffect, useLayoutEffect, useRef } from "react";
import type { SentForm } from "~/browser/after-post.client";
import { decideNavigation, inAppDestination, scrollDecision } from "~/lib/navigation";
import type { RouteHandle } from "~/lib/route-handle";
import { RESIZE_DEBOUNCE_MS, BREAKPOINTS, isInstagramBrowser, screenState } from "~/lib/screen";

// useLayoutEffect warns during server rendering; these effects only matter in the browser.
const useBrowserLayoutEffect = typeof document === "undefined" ? useEffect : useLayoutEffect;

/**
 * The shell's browser behaviours (§2, §4, §9). Renders nothing: without JavaScript the page
 * simply scrolls, links navigate and the menu is a plain disclosure.
 */
export function AppBehaviours({ handle }: { handle: RouteHandle }) {
  useScrollManager(handle.keepScrollOnSignup);
  useScrolledMarker();
  useHeaderWatch();
  useScreenClasses();
  useDynamicContentLinks();
  useCloseMenusOnRouteChange(handle.name);
  usePageViews(handle.trackViews);
  useAfterPost();
  return null;
}

// A form sent with JavaScript, as the router has it while it is out (Remix gives the method in
// capitals, with the form's data and address). Read from the router as soon as the page is live, not
// from a render (React may skip rendering the "submitting" state of a quick post) and not from a lazy
// chunk (a press may come before it loads). Outside the component: a refused post may replace the
// page with an error page, which mounts the shell afresh.
let sent: SentForm | null = null;
type Navigating = { state: string; formMethod?: string; formAction?: string; formData?: FormData };
type RouterWindow = { __remixRouter?: { subscribe(listener: (state: { navigation: Navigating }) => void): () => void } };

/**
 * Once a form sent with JavaScript is back and its page drawn: the after-post step (its own chunk:
 * pages that never post never load it), which sends it again without script if the store was away,
 * puts the cursor on the first refused field, or gives focus a place when the pressed button is gone.
 */
function useAfterPost() {
  const { state } = useNavigation();
  useEffect(
    () =>
      (window as RouterWindow).__remixRouter?.subscribe(({ navigation }) => {
        // A submission always carries its action with its fields.
        if (navigation.formData && navigation.formAction && navigation.formMethod !== "GET")
          sent = { action: navigation.formAction, fields: [...navigation.formData] };
        // A new navigation of its own (a link, not a post's redirect) ends what a post left unfinished.
        else if (navigation.state !== "idle") sent = null;
      }),
    [],
  );
  useEffect(() => {
    if (state !== "idle" || !sent) return;
    const form = sent;
    sent = null;
    void import("~/browser/after-post.client").then((step) => step.afterPost(form));
  }, [state]);
}

/**
 * After hydration and each navigation to a new path or query: the platform runtime (reload guard,
 * build watch, page views where the route keeps view tracking on), loaded lazily (issue 13).
 */
function usePageViews(trackViews: boolean) {
  const { pathname, search } = useLocation();
  useEffect(() => {
    void import("~/browser/platform-runtime.client").then((runtime) => runtime.navigated(pathname + search, trackViews));
  }, [pathname, search, trackViews]);
}

function prefersReducedMotion(): boolean {
  return window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
}

/** Scrolls an element into view: smoothly, or instantly under prefers-reduced-motion. */
export function scrollToElement(element: Element) {
  element.scrollIntoView({ behavior: prefersReducedMotion() ? "auto" : "smooth", block: "start" });
}

const SCROLL_POSITIONS_KEY = "stillhour:scroll";

/**
 * To the top between different pages, to the hash target when there is one, back to the saved
 * position on back/forward, and (articles) kept when a `signup` parameter is on either route.
 */
function useScrollManager(keepOnSignup: boolean) {
  const location = useLocation();
  const navigationType = useNavigationType();
  const previous = useRef<{ pathname: string; search: string } | null>(null);
  const positions = useRef<Record<string, number>>({});

  useEffect(() => {
    window.history.scrollRestoration = "manual";
    try {
      positions.current = JSON.parse(sessionStorage.getItem(SCROLL_POSITIONS_KEY) ?? "{}");
    } catch {
      positions.current = {};
    }
    const save = () => {
      try {
        sessionStorage.setItem(SCROLL_POSITIONS_KEY, JSON.stringify(positions.current));
      } catch {
        // Storage may be full or disabled; back/forward then starts at the top.
      }
    };
    window.addEventListener("pagehide", save);
    return () => window.removeEventListener("pagehide", save);
  }, []);

  useEffect(() => {
    const key = location.key;
    const onScroll = () => {
      positions.current[key] = window.scrollY;
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => window.removeEventListener("scroll", onScroll);
  }, [location.key]);

  useBrowserLayoutEffect(() => {
    const before = previous.current;
    previous.current = { pathname: location.pathname, search: location.search };
    if (before === null && !location.hash) return; // first render: the browser already placed us
    // A plain #link makes a history entry without state, keyed "default" like the first page loaded:
    // that entry has no position of its own to go back to, so its hash decides.
    if (navigationType === "POP" && location.key !== "default" && location.key in positions.current) {
      window.scrollTo(0, positions.current[location.key]);
      return;
    }
    const decision = scrollDecision(before, location, { keepOnSignup });
    if (decision.kind === "top") window.scrollTo(0, 0);
    if (decision.kind === "hash") {
      const target = document.getElementById(decision.id);
      if (target) scrollToElement(target);
    }
  }, [location.key]);
}

/** §4: the app root carries a `scrolled` marker while the page is scrolled down at all. */
function useScrolledMarker() {
  useEffect(() => {
    const root = document.getElementById("app");
    let frame = 0;
    const update = () => {
      frame = 0;
      const scrolled = window.scrollY > 0;
      root?.classList.toggle("scrolled", scrolled);
      document.body.classList.toggle("scrolled", scrolled);
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, []);
}

/**
 * §4 header directive: an element marked `data-header-watch="class names"` adds those classes
 * to the header while it crosses the middle of the header's area, and removes them when it leaves.
 */
function useHeaderWatch() {
  const location = useLocation();
  useEffect(() => {
    const header = document.querySelector<HTMLElement>(".site-header");
    const watched = document.querySelectorAll<HTMLElement>("[data-header-watch]");
    if (!header || watched.length === 0 || typeof IntersectionObserver === "undefined") return;
    const middle = Math.round(header.getBoundingClientRect().height / 2);
    const observer = new IntersectionObserver(
      (entries) => {
        for (const entry of entries) {
          const classes = ((entry.target as HTMLElement).dataset.headerWatch ?? "").split(/\s+/).filter(Boolean);
          for (const name of classes) header.classList.toggle(name, entry.isIntersecting);
        }
      },
      // A one-pixel line at the middle of the header: an element intersects while it spans that line.
      { rootMargin: `-${middle}px 0px -${Math.max(0, window.innerHeight - middle - 1)}px 0px`, threshold: 0 },
    );
    watched.forEach((element) => observer.observe(element));
    return () => {
      observer.disconnect();
      watched.forEach((element) =>
        (element.dataset.headerWatch ?? "")
          .split(/\s+/)
          .filter(Boolean)
          .forEach((name) => header.classList.remove(name)),
      );
    };
  }, [location.pathname]);
}

/** §3, §9: size class, breakpoint, touch and the Instagram in-app browser as page classes. */
function useScreenClasses() {
  useEffect(() => {
    const body = document.body;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const apply = () => {
      const state = screenState(window.innerWidth, window.innerHeight, navigator.maxTouchPoints > 0 || "ontouchstart" in window);
      for (const size of ["mobile", "tablet", "desktop"]) body.classList.toggle(`size-${size}`, state.sizeClass === size);
      for (const name of BREAKPOINTS) body.classList.toggle(`bp-${name}`, state.breakpoint === name);
      body.classList.toggle("touch", state.touch);
      body.classList.toggle(`orientation-portrait`, state.orientation === "portrait");
      body.classList.toggle(`orientation-landscape`, state.orientation === "landscape");
      body.dataset.size = state.sizeClass;
    };
    const onResize = () => {
      clearTimeout(timer);
      timer = setTimeout(apply, RESIZE_DEBOUNCE_MS);
    };
    apply();
    body.classList.toggle("instagram-browser", isInstagramBrowser(navigator.userAgent));
    // A turned phone also fires resize, so one listener serves both.
    window.addEventListener("resize", onResize);
    return () => {
      clearTimeout(timer);
      window.removeEventListener("resize", onResize);
    };
  }, []);
}

/** §2: same-site links inside `[data-dynamic-content]` (article bodies) navigate within the app. */
function useDynamicContentLinks() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.("a");
      if (!anchor || !anchor.closest("[data-dynamic-content]")) return;
      // A link the author wrote is an explicit external link; a dangerous protocol is refused outright.
      const decision = decideNavigation(anchor.getAttribute("href") ?? "", window.location.origin, { external: true });
      if (decision.kind === "refused" && decision.reason === "dangerous-protocol") {
        event.preventDefault();
        return;
      }
      const to = inAppDestination(
        event,
        { href: anchor.getAttribute("href"), target: anchor.getAttribute("target"), download: anchor.hasAttribute("download") },
        window.location,
      );
      if (!to) return;
      event.preventDefault();
      navigate(to);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}

/**
 * §2: the global menu/overlay open flag (the body's `menu-open` class, raised by an open
 * ClientOverlay) resets to closed whenever the route name changes, and the header's menu closes.
 * Not when the page first hydrates: a menu opened while the scripts were still on their way (a
 * phone on a slow connection) stays open.
 */
function useCloseMenusOnRouteChange(routeName: string) {
  const closedFor = useRef(routeName);
  useEffect(() => {
    if (closedFor.current === routeName) return;
    closedFor.current = routeName;
    const menu = document.querySelector<HTMLDetailsElement>("details.menu-sheet");
    if (menu) menu.open = false;
    document.body.classList.remove("menu-open");
  }, [routeName]);
}
