import { fromLocalInput } from "~/models/identity/clock";

/**
 * What articles, press items and learn series share on the blog editor's side (issue 26; ADR 047,
 * ADR 053), pure and browser-safe: the four states, the buttons that move between them, and the
 * reading of the "Publish at" field. The publishing job's loop is in ./publishing.server.ts.
 */

import { dateTimeFormat } from "~/lib/date-format";

export const PUBLISH_STATES = ["draft", "scheduled", "published", "unpublished"] as const;
export type PublishState = (typeof PUBLISH_STATES)[number];
export const PUBLISH_INTENTS = ["save", "schedule", "publish", "unpublish"] as const;
export type PublishIntent = (typeof PUBLISH_INTENTS)[number];

export const PUBLISH_STATE_LABEL: Record<PublishState, string> = {
  draft: "Draft",
  scheduled: "Scheduled",
  published: "Published",
  unpublished: "Unpublished",
};

/**
 * Where a button takes a record in each state; null when it does not apply. A published record is
 * taken down before it can be scheduled; taking down a scheduled one returns it to draft.
 */
export function nextPublishState(intent: PublishIntent, from: PublishState): PublishState | null {
  if (intent === "save") return from;
  if (intent === "publish") return "published";
  if (intent === "schedule") return from === "published" ? null : "scheduled";
  return from === "published" ? "unpublished" : from === "scheduled" ? "draft" : null;
}

/**
 * What a preview says at its top (issue 34), so nobody takes a draft for the live page: the record's
 * state in plain words, and for a scheduled one when it publishes itself (in `timeZone`, named).
 */
export function previewNotice(state: PublishState, publishAt: string | null, where: string, timeZone: string): string {
  switch (state) {
    case "draft":
      return `Draft: only staff can see this preview. It is not on ${where}.`;
    case "scheduled": {
      const at = publishAt ? new Date(publishAt) : null;
      const when =
        at && !Number.isNaN(at.getTime())
          ? dateTimeFormat("en-GB", {
              weekday: "long",
              day: "numeric",
              month: "long",
              hour: "2-digit",
              minute: "2-digit",
              timeZone,
              timeZoneName: "short",
            }).format(at)
          : null;
      return `Scheduled: it appears on ${where} ${when ? `on ${when}` : "at the time set in the editor"}. Until then only staff can see it.`;
    }
    case "published":
      return `Published: this is how it looks on ${where} now.`;
    case "unpublished":
      return `Taken down: only staff can see this preview. It is no longer on ${where}.`;
  }
}

const PUBLISH_AT_EXAMPLE = "Please give the day and time to publish, such as 2030-05-01 09:00.";

/**
 * Reads a "Publish at" field: a datetime-local value on `zone`'s clock (the editor's own, which the
 * page names beside the field; issue 34); a time to schedule must lie ahead of `now`.
 */
export function readPublishAt(raw: string, now: Date, zone = "UTC"): { ok: true; at: Date } | { ok: false; message: string } {
  const at = /T\d{2}:\d{2}/.test(raw) ? fromLocalInput(raw, zone) : null;
  if (!at) return { ok: false, message: PUBLISH_AT_EXAMPLE };
  if (at.getTime() <= now.getTime()) return { ok: false, message: "Please choose a time that is still ahead." };
  return { ok: true, at };
}
