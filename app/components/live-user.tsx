import { useEffect, useRef, useState } from "react";
import type { LiveUserOptions, LiveUserRecord } from "~/models/identity/live-user";
import type { MemberSummary } from "~/models/identity/member";
import { initialsOf } from "~/models/identity/initials";

/**
 * The member's record as it is now: `initial` (what the server rendered) until the first live event,
 * then each change as it happens (docs/decisions/012-live-user-record.md). Pass `options` from the
 * loader's `liveUserOptions(viewer)`; null (visitors, anonymous accounts) listens to nothing.
 *
 * The listener and its record reader are imported when a member's page first needs them, so a
 * visitor's first load carries none of it. It starts in an effect, so only after hydration and never
 * on the server; it stops on unmount and before a different uid (or null) starts, so a signed-out page never asks for a record
 * it may no longer read. When the loader sends a different `initial` (a revalidation after a save),
 * that newer render shows until the next event.
 */
export function useLiveUserRecord(initial: LiveUserRecord | null, options: LiveUserOptions | null): LiveUserRecord | null {
  const uid = options?.uid ?? null;
  const transport = options?.transport ?? null;
  const { apiKey, authDomain, projectId, appId } = options?.firebase ?? {};
  // Compared by value: a loader's data is a new object on every revalidation even when nothing changed.
  const initialKey = JSON.stringify(initial);
  const initialKeyNow = useRef(initialKey);
  initialKeyNow.current = initialKey;
  const [live, setLive] = useState<{ uid: string; after: string; record: LiveUserRecord | null } | null>(null);

  useEffect(() => {
    if (!uid || !transport) return;
    const firebase = apiKey && authDomain && projectId ? { apiKey, authDomain, projectId, ...(appId ? { appId } : {}) } : undefined;
    let stop: (() => void) | null = null;
    let cancelled = false;
    void Promise.all([import("~/browser/live-user.client"), import("~/models/identity/live-user")])
      .then(([{ subscribeToUserRecord }, { liveUserReader }]) => {
        if (cancelled) return;
        stop = subscribeToUserRecord({ uid, transport, firebase }, liveUserReader, (record) => {
          setLive({ uid, after: initialKeyNow.current, record });
        });
      })
      .catch((error: unknown) => console.warn("Live account updates could not start:", error instanceof Error ? error.message : error));
    return () => {
      cancelled = true;
      stop?.();
    };
    // Primitives only: a new options object with the same values must not restart the listener.
  }, [uid, transport, apiKey, authDomain, projectId, appId]);

  if (live && live.uid === uid && live.after === initialKey) return live.record;
  return initial;
}

/** The header's member, kept current by the live record: a name or photo changed anywhere shows at once. */
export function useLiveMember(member: MemberSummary | null): MemberSummary | null {
  const record = useLiveUserRecord(member?.record ?? null, member?.liveOptions ?? null);
  if (!member || !record) return member;
  return {
    ...member,
    record,
    firstName: record.firstName,
    initials: initialsOf(record.firstName, record.lastName),
    photoUrl: record.photoUrl,
    photoColor: record.photoColor,
  };
}
