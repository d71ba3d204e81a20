import { Link, useFetcher, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { FollowState } from "~/features/engagement/following";

/**
 * The follower count and the way to follow, on a teacher's page (issue 34). The page is the same for
 * everyone and cached, so it is rendered for no one: the count and a link to the follow page, which
 * is all a page without JavaScript shows (and works: the follow page follows with a plain form).
 * Once the page runs, a signed-in member's own state comes from a small personal resource
 * (/api/me/teachers/:slug/follow, never cached), and following or stopping happens here, in place,
 * with the count the store holds now.
 */
export function TeacherFollow({ slug, firstName, followers }: { slug: string; firstName: string; followers: number }) {
  // The root names a signed-in member (visitors share cached pages without one): only they ask.
  const root: unknown = useRouteLoaderData("root");
  const signedIn = typeof root === "object" && root !== null && "member" in root && Boolean(root.member);
  const api = `/api/me/teachers/${encodeURIComponent(slug)}/follow`;
  const state = useFetcher<FollowState>();
  const change = useFetcher<(FollowState & { ok: true }) | { ok: false; error: string }>();
  const { load } = state;

  useEffect(() => {
    if (signedIn) load(api);
  }, [signedIn, api, load]);

  const changed = change.data && change.data.ok ? change.data : null;
  const known = changed ?? (state.data?.signedIn ? state.data : null);
  // While a change is on its way, show where it is going.
  const pending = change.formData?.get("intent");
  const following = pending ? pending === "follow" : (known?.following ?? false);
  const shift = known && pending && following !== known.following ? (following ? 1 : -1) : 0;
  const count = (known?.followers ?? followers) + shift;
  const countText = count === 1 ? "1 follower" : `${count} followers`;
  const error = change.data && !change.data.ok ? change.data.error : null;

  if (!known) {
    return (
      <p className="teacher-follow">
        {countText} · <Link to={`/teachers/${slug}/follow`}>Follow {firstName}</Link>
      </p>
    );
  }
  return (
    <div className="teacher-follow">
      <change.Form method="post" action={api} className="teacher-follow__form">
        <span aria-live="polite">
          {countText}
          {following ? ` · You follow ${firstName}` : ""}
        </span>
        <button
          className={following ? "button button--quiet button--small" : "button button--secondary button--small"}
          type="submit"
          name="intent"
          value={following ? "unfollow" : "follow"}
          disabled={change.state !== "idle"}
        >
          {following ? "Stop following" : `Follow ${firstName}`}
        </button>
        {following ? <Link to={`/teachers/${slug}/follow`}>E-mail choices</Link> : null}
      </change.Form>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}
