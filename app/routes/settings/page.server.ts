import { redirect } from "@remix-run/node";
import { z } from "zod";
import { ERRORS } from "~/lib/errors";
import { readFormBody } from "~/lib/forms/form-body.server";
import { echoOf, parseFields, type FieldErrors } from "~/lib/forms/submission";
import { getSignInAccount } from "~/models/identity/account.server";
import { requestEmailChange } from "~/models/identity/email-change.server";
import { DeleteFormSchema, ProfileFormSchema, UsernameFormSchema } from "~/models/identity/profile";
import { removeProfilePhoto, updateProfilePhoto } from "~/models/identity/profile-photo.server";
import { claimUsername, savePrivateUser } from "~/models/identity/user.server";
import { deleteAccountCompletely } from "~/models/privacy/account-deletion.server";
import { readPhotoForm } from "~/server/photo-form.server";
import { refuse } from "~/server/submission.server";
import { endSession, hasRecentSignIn, type Viewer } from "~/server/viewer.server";

/**
 * Settings' forms (§2), one step per `intent`. Every refusal is the one shape (ADR 060) with the
 * refused form's `intent` among its values, so the page puts the messages in that form's section;
 * a message for no form (a body it could not read, an intent it does not know) is `errors.form`.
 */

const PROFILE_FIELDS = ["firstName", "lastName", "email", "birthday"] as const;

/** What a refused settings form sends back: which form it was, and what was typed in it. */
export type SettingsValues = Partial<Record<"intent" | (typeof PROFILE_FIELDS)[number] | "username", string>>;

type Step = (request: Request, viewer: Viewer, formData: FormData) => Promise<Response | ReturnType<typeof refused>>;

/** A refusal of the form `intent`, its typed `values` kept. */
function refused(intent: string, errors: FieldErrors, values: SettingsValues = {}, status = 400) {
  return refuse<SettingsValues>(errors, { ...values, intent }, status);
}

/** A refusal that belongs to no form on the page. */
function refusedPage(message: string, status = 400) {
  return refuse<SettingsValues>({ form: message }, {}, status);
}

/**
 * The named fields as plain strings, a missing one as empty: a hand-made post without a field gets
 * the field's own message, never the schema library's "Required".
 */
function namedFields(formData: FormData, names: readonly string[]): Record<string, string> {
  return Object.fromEntries(names.map((name) => [name, String(formData.get(name) ?? "")]));
}

/** The photo form, the only one sent as multipart: read as it arrives, within the photo's own cap. */
export async function uploadPhoto(request: Request, viewer: Viewer) {
  const form = await readPhotoForm(request);
  if (!form.ok) {
    const { status, message } = ERRORS[form.code];
    return form.code === "bad_request" ? refusedPage(message, status) : refused("photo", { photo: message }, {}, status);
  }
  const sent = parseFields(z.object({ intent: z.literal("photo") }), form.fields);
  if (!sent.ok) return refusedPage(ERRORS.bad_request.message);
  const changed = await updateProfilePhoto(viewer.uid, form.file);
  if (!changed.ok) return refused("photo", { photo: ERRORS[changed.code].message }, {}, ERRORS[changed.code].status);
  return redirect("/settings?saved=photo#photo");
}

/** The plain forms: their body read within a plain form's cap, then the step its `intent` names. */
export async function changeSetting(request: Request, viewer: Viewer) {
  const body = await readFormBody(request);
  if (!body.ok) return refusedPage(body.message, body.status);
  const step = STEPS.get(String(body.formData.get("intent") ?? ""));
  if (!step) return refusedPage(ERRORS.bad_request.message);
  return step(request, viewer, body.formData);
}

async function removePhoto(_request: Request, viewer: Viewer) {
  await removeProfilePhoto(viewer.uid);
  return redirect("/settings?saved=photo-removed#photo");
}

/** The photo form sent without multipart (a hand-made request): there is no file in it. */
async function photoWithoutFile() {
  return refused("photo", { photo: ERRORS.photo_missing.message });
}

async function saveProfile(_request: Request, viewer: Viewer, formData: FormData) {
  const parsed = parseFields(ProfileFormSchema, namedFields(formData, PROFILE_FIELDS));
  const values = echoOf(parsed.fields, PROFILE_FIELDS);
  if (!parsed.ok) return refused("profile", parsed.errors, values);
  const { email, ...rest } = parsed.value;
  // A new address is used only once the link sent to it is followed (issue 23): receipts carry codes.
  const change = await requestEmailChange({ uid: viewer.uid, email: email ?? null, firstName: rest.firstName });
  if (typeof change === "object") {
    // Too many links lately (issue 35): nothing is saved, the message sits beside the field, the form keeps what was typed.
    return refused("profile", { email: change.limited.message }, values, change.limited.status);
  }
  await savePrivateUser(viewer.uid, rest);
  return redirect(change === "sent" ? "/settings?saved=profile-email#profile" : "/settings?saved=profile#profile");
}

async function saveUsername(_request: Request, viewer: Viewer, formData: FormData) {
  const parsed = parseFields(UsernameFormSchema, namedFields(formData, ["username"]));
  if (!parsed.ok) return refused("username", parsed.errors, echoOf(parsed.fields, ["username"]));
  const claim = await claimUsername(viewer.uid, parsed.value.username);
  if (!claim.ok) {
    return refused("username", { username: "Someone already has that username. Please try another." }, { username: parsed.value.username });
  }
  return redirect("/settings?saved=username#username");
}

/** The number was changed in the browser after a code; the provider's account is the truth. */
async function savePhone(_request: Request, viewer: Viewer) {
  const account = await getSignInAccount(viewer.uid);
  await savePrivateUser(viewer.uid, { phoneNumber: account?.phoneNumber ?? null });
  return redirect("/settings?saved=phone#phone");
}

async function deleteAccount(request: Request, viewer: Viewer, formData: FormData) {
  // Nothing else here can't be undone: a session left signed in on a shared computer is not enough.
  if (!hasRecentSignIn(viewer)) return refused("delete", { confirm: ERRORS.sign_in_again.message }, {}, ERRORS.sign_in_again.status);
  // Checked on its own, not by parseFields: there "confirm" is a control field, its message a general
  // one under `form`; here it is what the person typed, and its message belongs beside it.
  const typed = DeleteFormSchema.shape.confirm.safeParse(String(formData.get("confirm") ?? ""));
  if (!typed.success) return refused("delete", { confirm: typed.error.issues[0]?.message ?? ERRORS.bad_request.message });
  const deleted = await deleteAccountCompletely(viewer.uid);
  if (!deleted.ok && deleted.problem) return refused("delete", { confirm: deleted.problem.message }, {}, deleted.problem.status);
  if (!deleted.ok) {
    const message = "We couldn't finish deleting your account just now. We'll finish it shortly; you don't need to do anything.";
    return refused("delete", { confirm: message }, {}, 503);
  }
  return redirect("/signed-out", { headers: { "Set-Cookie": await endSession(request, { revoke: false }) } });
}

/** Signs out here only (other devices keep their sessions) and comes back to the deletion after. */
async function signInAgain(request: Request) {
  return redirect(`/sign-in?next=${encodeURIComponent("/settings#delete")}`, {
    headers: { "Set-Cookie": await endSession(request, { revoke: false }) },
  });
}

const STEPS: ReadonlyMap<string, Step> = new Map<string, Step>([
  ["remove-photo", removePhoto],
  ["photo", photoWithoutFile],
  ["profile", saveProfile],
  ["username", saveUsername],
  ["phone", savePhone],
  ["delete", deleteAccount],
  ["sign-in-again", signInAgain],
]);
