import { useActionData, useNavigation } from "@remix-run/react";
import type { Refusal } from "~/lib/forms/submission";
import type { SettingsValues } from "./page.server";

/** The settings forms, by the `intent` each posts. */
export type SettingsIntent = "photo" | "remove-photo" | "profile" | "username" | "delete";

/**
 * One settings form's state: whether it (or another `intent` of its section) is on its way, and the
 * messages and typed values of the refusal, when the refused form was this one.
 */
export function useSettingsForm(intent: SettingsIntent) {
  const refusal = useActionData<Refusal<SettingsValues>>();
  const navigation = useNavigation();
  const busy = (form: SettingsIntent = intent) => navigation.state === "submitting" && navigation.formData?.get("intent") === form;
  const mine = refusal?.values.intent === intent;
  return { busy, errors: mine ? refusal.errors : {}, values: mine ? refusal.values : {} };
}

/** The note that a section's last change was saved. */
export function SavedNote({ text }: { text: string | null }) {
  return text ? (
    <p className="notice notice--success" role="status">
      {text}
    </p>
  ) : null;
}
