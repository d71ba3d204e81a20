import type { ReactNode } from "react";

/** How a page's notice reads: what went well, what went wrong, or plain news (no colour of its own). */
export type NoticeTone = "success" | "error" | "info";

/**
 * A form's refusal (announced at once) or, when there is none, the page's notice from the address
 * (a payment left unpaid, a purchase made, a booking changed).
 */
export function PageNotices({ error, notice }: { error?: string | null; notice?: { tone: NoticeTone; text: ReactNode } | null }) {
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    );
  }
  return notice ? (
    <p className={notice.tone === "info" ? "notice" : `notice notice--${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      {notice.text}
    </p>
  ) : null;
}
