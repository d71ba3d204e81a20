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
} as const;

export type ErrorCode = keyof typeof ERRORS;

/** A 404 response to throw from a loader; the root error boundary renders the Page Not Found page. */
export function notFound(): Response {
  return new Response(null, { status: 404, statusText: "Not Found" });
}
