/** The line at the top of a staff preview that says what state the record is in (issue 34). */
export function PreviewNotice({ text, editHref }: { text: string; editHref: string }) {
  return (
    <div className="container preview-notice-wrap">
      <p className="notice preview-notice" role="note" data-testid="preview-notice">
        <strong>Preview.</strong> {text} <a href={editHref}>Back to the editor</a>
      </p>
    </div>
  );
}
