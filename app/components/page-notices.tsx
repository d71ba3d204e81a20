/** A form's refusal (announced at once) or, when there is none, the page's notice from the address. */
export function PageNotices({ error, notice }: { error?: string | null; notice?: { tone: "success" | "error"; text: string } | null }) {
  if (error) {
    return (
      <p className="notice notice--error" role="alert">
        {error}
      </p>
    );
  }
  return notice ? (
    <p className={`notice notice--${notice.tone}`} role={notice.tone === "error" ? "alert" : "status"}>
      {notice.text}
    </p>
  ) : null;
}
