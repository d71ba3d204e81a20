import { Link } from "~/components/link";
import { useEffect, useState } from "react";
import type { NewsBanner as NewsBannerData } from "~/models/content/content";

const DISMISSED_KEY = "stillhour:news-banner-dismissed";

/** One line of news. Without JavaScript it simply stays; with it, it can be put away for the visit. */
export function NewsBanner({ banner }: { banner: NewsBannerData }) {
  const [state, setState] = useState<"server" | "shown" | "dismissed">("server");
  useEffect(() => {
    let dismissed = false;
    try {
      dismissed = sessionStorage.getItem(DISMISSED_KEY) === banner.text;
    } catch {
      // Storage unavailable: keep showing it.
    }
    setState(dismissed ? "dismissed" : "shown");
  }, [banner.text]);
  if (state === "dismissed") return null;
  return (
    <aside className="news-banner" aria-label="News">
      <div className="container news-banner__inner">
        <p>
          {banner.text} <Link to={banner.href}>{banner.linkLabel}</Link>
        </p>
        {state === "shown" ? (
          <button
            type="button"
            className="news-banner__close"
            aria-label="Hide this news"
            onClick={() => {
              try {
                sessionStorage.setItem(DISMISSED_KEY, banner.text);
              } catch {
                // Nothing to remember it in; hiding it for this page is still fine.
              }
              setState("dismissed");
            }}
          >
            <span aria-hidden="true">×</span>
          </button>
        ) : null}
      </div>
    </aside>
  );
}
