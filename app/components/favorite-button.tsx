import { Form, useNavigation } from "@remix-run/react";

/**
 * The heart: a plain form that posts and comes back to the page with the choice saved. With JavaScript
 * the heart shows the new choice at once, while the post is on its way.
 */
export function FavoriteButton({ action, favorite, title }: { action: string; favorite: boolean; title: string }) {
  const navigation = useNavigation();
  const pending = navigation.formAction === action ? navigation.formData?.get("favorite") : null;
  const on = pending ? pending === "on" : favorite;
  return (
    <Form method="post" action={action} className="favorite-form" preventScrollReset>
      <input type="hidden" name="favorite" value={on ? "off" : "on"} />
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
    </Form>
  );
}
