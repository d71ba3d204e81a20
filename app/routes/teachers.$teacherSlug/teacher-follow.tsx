import { useRouteLoaderData } from "@remix-run/react";
import { Link } from "~/components/link";
import { useEffect, useState, type FormEvent } from "react";
import type { FollowState } from "~/models/engagement/following";

/**
 * The follower count and the way to follow, on a teacher's page (issue 34). The page is the same for
 * everyone and cached, so it is rendered for no one: the count and a link to the follow page, which
 * is all a page without JavaScript shows (and works: the follow page follows with a plain form).
 * Once the page runs, a signed-in member's own state comes from a small personal resource
 * (/api/me/teachers/:slug/follow, never cached), and following or stopping happens here, in place,
 * with the count the store holds now. Plain fetch rather than a Remix fetcher: it keeps the router's
 * fetcher code off every other page's first load.
 */
export function TeacherFollow({ slug, firstName, followers }: { slug: string; firstName: string; followers: number }) {
  // The root names a signed-in member (visitors share cached pages without one): only they ask.
  const root: unknown = useRouteLoaderData("root");
  const signedIn = typeof root === "object" && root !== null && "member" in root && Boolean(root.member);
  const api = `/api/me/teachers/${encodeURIComponent(slug)}/follow`;
  const [known, setKnown] = useState<FollowState | null>(null);
  const [pending, setPending] = useState<"follow" | "unfollow" | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    if (!signedIn) return;
    let current = true;
    fetch(api, { headers: { Accept: "application/json" }, credentials: "same-origin" })
      .then((response) => (response.ok ? (response.json() as Promise<FollowState>) : null))
      .then((state) => {
        if (current && state?.signedIn) setKnown(state);
      })
      // Offline or refused: the page keeps its link to the follow page, which works on its own.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [signedIn, api]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!known || pending) return;
    const intent = known.following ? "unfollow" : "follow";
    setPending(intent);
    setError(null);
    try {
      const response = await fetch(api, {
        method: "POST",
        body: new URLSearchParams({ intent }),
        credentials: "same-origin",
        headers: { Accept: "application/json" },
      });
      const answer = (await response.json()) as (FollowState & { ok: true }) | { ok: false; error: string };
      if (answer.ok) setKnown(answer);
      else setError(answer.error);
    } catch {
      setError("We couldn't save that just now. Please try again in a moment.");
    } finally {
      setPending(null);
    }
  };

  // While a change is on its way, show where it is going.
  const following = pending ? pending === "follow" : (known?.following ?? false);
  const shift = known && pending && following !== known.following ? (following ? 1 : -1) : 0;
  const count = (known?.followers ?? followers) + shift;
  const countText = count === 1 ? "1 follower" : `${count} followers`;

  if (!known) {
    return (
      <p className="teacher-follow">
        {countText} · <Link to={`/teachers/${slug}/follow`}>Follow {firstName}</Link>
      </p>
    );
  }
  return (
    <div className="teacher-follow">
      <form method="post" action={`/teachers/${slug}/follow`} onSubmit={submit} className="teacher-follow__form">
        <input type="hidden" name="intent" value={following ? "unfollow" : "follow"} />
        <span aria-live="polite">
          {countText}
          {following ? ` · You follow ${firstName}` : ""}
        </span>
        <button
          className={following ? "button button--quiet button--small" : "button button--secondary button--small"}
          type="submit"
          disabled={pending !== null}
        >
          {following ? "Stop following" : `Follow ${firstName}`}
        </button>
        {following ? <Link to={`/teachers/${slug}/follow`}>E-mail choices</Link> : null}
      </form>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
