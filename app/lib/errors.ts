/**
 * The error catalogue: stable codes, each with its HTTP status and the sentence a person sees.
 * Actions show the message beside the form; loaders throw the status for the error page.
 */
export const ERRORS = {
  not_found: { status: 404, message: "We couldn't find that page." },
  bad_request: { status: 400, message: "That request could not be read. Please check it and try again." },
  payload_too_large: { status: 413, message: "That was more than this form can take. Please shorten it and try again." },
  rate_limited: { status: 429, message: "That's a lot of tries in a short time. Please wait a minute and try again." },
  // Promotion codes, gift codes and links: "{wait}" is filled in by `problemAfter` ("a minute", "12 minutes").
  too_many_codes: { status: 429, message: "That's a lot of codes in a short time. Please wait {wait} and try again." },
  // Checkouts, bookings and membership changes a member starts (issue 35): "{wait}" as above.
  too_many_checkouts: { status: 429, message: "That's a lot of payment pages opened in a short time. Please wait {wait} and try again." },
  too_many_changes: { status: 429, message: "That's a lot of changes in a short time. Please wait {wait} and try again." },
  // A new profile e-mail's confirmation links (issue 35): "{wait}" as above.
  too_many_email_links: {
    status: 429,
    message:
      "We've sent a few confirmation links in the last hour. Please wait {wait} before asking for another; your current address stays as it is.",
  },
  unauthorized: { status: 401, message: "Unauthorized. Your session has expired!" },
  sign_in_again: {
    status: 403,
    message: "For your safety, deleting your account needs a recent sign-in. Please sign in again, then delete it within five minutes.",
  },
  // "Download my data" (issue 35): the same recent sign-in as deletion, and a few downloads an hour.
  sign_in_again_export: {
    status: 403,
    message: "For your safety, downloading your data needs a recent sign-in. Please sign in again, then download it within five minutes.",
  },
  data_export_limited: { status: 429, message: "You've downloaded your data a few times this hour. Please try again in an hour." },
  internal: { status: 500, message: "Internal Server Error" },
  photo_missing: { status: 400, message: "Please choose a photo to upload." },
  photo_empty: { status: 400, message: "That file is empty. Please choose a photo." },
  photo_too_large: { status: 413, message: "That photo is over 5 MB. Please choose a smaller one, or a copy saved at a lower size." },
  photo_too_many_pixels: {
    status: 413,
    message: "That photo has more pixels than we can take (50 megapixels at most). Please choose a smaller copy.",
  },
  photo_unsupported: { status: 400, message: "That file isn't a photo we can use. Please choose a JPEG, PNG, WebP or AVIF image." },
  photo_heic: {
    status: 400,
    message: "We can't read HEIC photos yet. Please choose a JPEG copy (most phones can share one) and try again.",
  },
  photo_unreadable: { status: 400, message: "We couldn't read that photo; it may be damaged. Please try another." },
  photo_storage_failed: { status: 503, message: "We couldn't save your photo just now. Please try again in a moment." },

  // Booking live classes and studio tickets (issues 9, 11, 12).
  class_not_found: { status: 404, message: "We couldn't find that class." },
  not_member: { status: 403, message: "Booking live classes is part of the membership. Start a free week and you can book straight away." },
  class_cancelled: {
    status: 409,
    message: "This class was cancelled, so it can't be booked. The schedule has others at this time of day.",
  },
  class_started: { status: 409, message: "This class has already started, so booking has closed." },
  not_booked: { status: 409, message: "You don't have a place on this class to cancel." },
  not_waitlisted: { status: 409, message: "You're not on this class's waitlist." },
  not_enough_credits: {
    status: 409,
    message: "You don't have enough credits left for this class. A class pack or a membership will let you book.",
  },
  waiver_needed: { status: 409, message: "Please read and sign the studio's waiver first; your booking carries on straight after." },
  payment_invalid: { status: 409, message: "That way of paying doesn't cover this class. Please choose another." },
  credits_not_taken: { status: 409, message: "This class can't be paid with credits. Please choose another way to pay." },

  // Staff pages and who may use them (issue 23).
  class_not_yours: { status: 403, message: "You can change only the classes you teach. An admin can change any class." },

  // The back office (issue 26).
  account_last_admin: {
    status: 409,
    message:
      "You are the site's only admin, so your account can't be deleted yet. Make someone else an admin on Staff, People first; then you can delete it.",
  },
  staff_last_admin: { status: 409, message: "This is the last admin. Make someone else an admin first, then remove this role." },
  staff_person_not_found: { status: 404, message: "We couldn't find that person. Search again and choose them from the results." },
  staff_anonymous_person: { status: 409, message: "Only someone who has signed up with a phone or an e-mail can hold a staff role." },
  staff_roles_not_applied: { status: 503, message: "The change is saved but the sign-in service didn't take it. Please press save again." },
  staff_unknown_teacher: { status: 400, message: "Please choose a teacher from the list." },
  staff_unknown_studio: { status: 400, message: "Please choose studios from the list." },
  staff_template_exists: { status: 409, message: "A template with that id already exists. Please choose another." },
  staff_template_not_found: { status: 404, message: "We couldn't find that class template." },
  staff_cohost_not_cohost: { status: 400, message: "Please choose someone who holds the cohost role (grant it on People and roles)." },
  staff_code_exists: { status: 409, message: "A code with that name already exists. Please choose another." },
  staff_code_not_found: { status: 404, message: "We couldn't find that code." },
  staff_code_used: {
    status: 409,
    message: "This code has been used, so it stays on record with its redemptions. You can pause it instead.",
  },
  staff_teacher_not_found: { status: 404, message: "We couldn't find that teacher." },
  staff_teacher_slug_taken: { status: 409, message: "Another teacher's page already uses that address. Please choose another." },
  staff_teacher_slug_kept: {
    status: 409,
    message: "This page has been public, so its address stays as it is: links to it must keep working.",
  },
  staff_teacher_no_address: { status: 409, message: "This teacher's page has no address yet. Please give it one before showing it." },
  staff_no_teacher_profile: {
    status: 404,
    message: "Your account isn't linked to a teacher profile yet. An admin can link it on the people page.",
  },
  staff_note_not_yours: { status: 403, message: "You can write only to the members of classes you teach." },
  staff_item_not_found: { status: 404, message: "We couldn't find that item. Reload the page and try again." },

  // Sessions and live connections (issue 23).
  sign_in_not_recent: { status: 401, message: "For this, please sign in again: your last sign-in was more than five minutes ago." },
  too_many_streams: {
    status: 429,
    message: "Live updates are open on too many pages of this account. Close a few of them and reload this one.",
  },

  // Opening a payment page (subscribe, gifts, credits, drop-ins). Never the provider's own words.
  unknown_plan: { status: 400, message: "That plan isn't on offer any more. Please choose one of the plans shown." },
  already_member: { status: 409, message: "You already have a membership running. You'll find it in settings." },
  form_out_of_date: { status: 400, message: "This form is out of date. Please try again." },
  store_unavailable: {
    status: 503,
    message: "We couldn't save that just now, so nothing was sent. Your answers are still here: please try again in a moment.",
  },
  checkout_unavailable: {
    status: 503,
    message: "The payment page didn't open just now. Nothing was charged; please try again in a moment.",
  },
  price_in_form: { status: 400, message: "Prices come from our catalogue, not the form. Please make your choice again." },
  checkout_failed: {
    status: 502,
    message: "We couldn't open the payment page. Nothing was charged; please try again, or write to us if it keeps happening.",
  },

  // Redeeming a gift (issue 10).
  gift_not_found: {
    status: 404,
    message: "We couldn't find a gift with that code. Please check it against the e-mail or message it came in.",
  },
  gift_unpaid: { status: 400, message: "This gift hasn't been paid for yet. If you bought it, finish the payment and try again." },
  gift_abandoned: { status: 400, message: "This gift's payment was never finished, so there's nothing to redeem." },
  gift_refunded: { status: 400, message: "This gift was refunded, so it can't be redeemed." },
  gift_already_redeemed: { status: 409, message: "This gift has already been redeemed." },
  gift_own_gift: { status: 400, message: "This is a gift you bought for someone else. Pass the link on to them." },

  // Confirming a new profile e-mail (issue 23).
  email_link_invalid: {
    status: 410,
    message:
      "That confirmation link has expired, was already used, or a newer one was sent. Save the new address in settings again to get a fresh link.",
  },

  // Surveys (issue 27).
  survey_not_found: { status: 404, message: "We couldn't find that survey. It may have been paused, or it isn't one we asked you." },
  survey_check_answers: { status: 400, message: "Please check the answers marked below." },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** A code with its status and sentence, as a feature returns a refusal and a route shows it. */
export interface Problem<C extends ErrorCode = ErrorCode> {
  code: C;
  status: number;
  message: string;
}

/**
 * Whether `error` says the store could not be reached (adapters/store StoreUnavailableError, known by
 * its name here so routes need not import an adapter): a form answers ERRORS.store_unavailable with
 * the person's input kept, instead of the front door's 503 page.
 */
export function isStoreUnavailable(error: unknown): boolean {
  return error instanceof Error && error.name === "StoreUnavailableError";
}

/** The catalogue's entry for `code`: the status to answer with and the sentence a person reads. */
export function problemOf<C extends ErrorCode>(code: C): Problem<C> {
  return { code, status: ERRORS[code].status, message: ERRORS[code].message };
}

/** The catalogue's entry for a refusal that says how long to wait: its "{wait}" becomes "a minute" or "N minutes". */
export function problemAfter<C extends ErrorCode>(code: C, retryAfterMs: number): Problem<C> {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return { ...problemOf(code), message: ERRORS[code].message.replace("{wait}", minutes === 1 ? "a minute" : `${minutes} minutes`) };
}

/** A 404 response to throw from a loader; the root error boundary renders the Page Not Found page. */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "Not Found" });
}
