/**
 * The error catalogue: stable codes, each with its HTTP status and the sentence a person sees.
 * Actions show the message beside the form; loaders throw the status for the error page.
 */
export const ERRORS = {
  not_found: { status: 404, message: "We couldn't find that page." },
  bad_request: { status: 400, message: "That request could not be read. Please check it and try again." },
  payload_too_large: { status: 413, message: "That was more than this form can take. Please shorten it and try again." },
  rate_limited: { status: 429, message: "That's a lot of tries in a short time. Please wait a minute and try again." },
  unauthorized: { status: 401, message: "Unauthorized. Your session has expired!" },
  internal: { status: 500, message: "Internal Server Error" },
  photo_missing: { status: 400, message: "Please choose a photo to upload." },
  photo_empty: { status: 400, message: "That file is empty. Please choose a photo." },
  photo_too_large: { status: 413, message: "That photo is over 5 MB. Please choose a smaller one, or a copy saved at a lower size." },
  photo_too_many_pixels: {
    status: 413,
    message: "That photo has more pixels than we can take (50 megapixels at most). Please choose a smaller copy.",
  },
  photo_unsupported: { status: 400, message: "That file isn't a photo we can use. Please choose a JPEG, PNG, WebP or AVIF image." },
  photo_heic: { status: 400, message: "We can't read HEIC photos yet. Please choose a JPEG copy (most phones can share one) and try again." },
  photo_unreadable: { status: 400, message: "We couldn't read that photo; it may be damaged. Please try another." },
  photo_storage_failed: { status: 503, message: "We couldn't save your photo just now. Please try again in a moment." },
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** A 404 response to throw from a loader; the root error boundary renders the Page Not Found page. */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "Not Found" });
}
