import { z } from "zod";

/**
 * A change that cannot be undone asks once more (issue 34; house style, "Forms"): the first post
 * changes nothing and answers a `Confirmation` (what will happen, to whom, what goes back); only a
 * post carrying `confirm=yes` makes the change. Without JavaScript the answer is a confirmation
 * page whose form posts everything again with `confirm`; with it, the same content in a dialog.
 * A forged post without `confirm` therefore only ever reads. Pure and browser-safe.
 */

export const CONFIRM_FIELD = "confirm";

const ConfirmSchema = z.object({ [CONFIRM_FIELD]: z.literal("yes") });

export interface Confirmation {
  /** The question, naming the thing: "Cancel Morning Flow, Tue 3 Dec, 07:30–08:10?" */
  heading: string;
  /** What will happen, one plain sentence each: who is told, what goes back, what cannot come back. */
  facts: string[];
  /** The button that makes the change: "Yes, cancel the class". */
  confirmLabel: string;
  /** The way out: "Keep the class". */
  keepLabel: string;
  /** Everything the first post carried, posted again with `confirm=yes`. */
  fields: Array<[string, string]>;
}

/** Whether this post is the second one, the one that carries the confirmation. */
export function isConfirmed(form: FormData): boolean {
  return ConfirmSchema.safeParse({ [CONFIRM_FIELD]: form.get(CONFIRM_FIELD) }).success;
}

/** The first post's text fields, to post again (a file or a stray `confirm` is never carried). */
export function carriedFields(form: FormData): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of form) {
    if (name === CONFIRM_FIELD || typeof value !== "string") continue;
    fields.push([name, value]);
  }
  return fields;
}

/** "1 person", "3 people": counts in the confirmations read as sentences. */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The confirmation an action answered with, if any: what a route hands `ConfirmChange`. */
export function confirmationOf(answer: unknown): Confirmation | null {
  if (!answer || typeof answer !== "object" || !("confirmation" in answer)) return null;
  const confirmation = (answer as { confirmation?: Confirmation | null }).confirmation;
  return confirmation && typeof confirmation.heading === "string" ? confirmation : null;
}
