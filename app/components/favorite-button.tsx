import { useFetcher } from "@remix-run/react";
import { useEffect, useState } from "react";

/**
 * The heart. A plain form (it posts and the page comes back with the choice saved); with JavaScript the
 * fetcher sends it in the background and the heart changes at once.
 */
export function FavoriteButton({ action, favorite, title }: { action: string; favorite: boolean; title: string }) {
  const fetcher = useFetcher<{ favorite?: boolean; error?: string }>();
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const pending = fetcher.formData?.get("favorite");
  const on = pending ? pending === "on" : (fetcher.data?.favorite ?? favorite);
  return (
    <fetcher.Form method="post" action={action} className="favorite-form">
      <input type="hidden" name="favorite" value={on ? "off" : "on"} />
      {hydrated ? <input type="hidden" name="via" value="fetcher" /> : null}
      <button type="submit" className={`button button--quiet favorite-button${on ? " favorite-button--on" : ""}`} aria-pressed={on}>
        <svg width="20" height="20" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
          <path
            d="M12 20.5s-7.5-4.6-7.5-10.2A4.3 4.3 0 0 1 12 7.6a4.3 4.3 0 0 1 7.5 2.7c0 5.6-7.5 10.2-7.5 10.2z"
            fill={on ? "currentColor" : "none"}
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span>{on ? "Saved to favourites" : "Save to favourites"}</span>
        <span className="visually-hidden">: {title}</span>
      </button>
      {fetcher.data?.error ? (
        <p className="field-error" role="alert">
          {fetcher.data.error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
