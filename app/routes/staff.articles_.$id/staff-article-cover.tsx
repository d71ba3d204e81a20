import { Form } from "@remix-run/react";
import { FieldError, FieldHint, fieldIds } from "~/components/form-field";

/**
 * The article's cover picture (issue 26; ADR 053): its own multipart form beside the article's, so
 * an upload never rides on the 16 KB text form. Works without JavaScript; the answer comes back to
 * the edit page with the message beside the field.
 */
export function StaffArticleCover({
  articleId,
  coverUrl,
  error,
  busy,
}: {
  articleId: string;
  coverUrl: string | null;
  error: string | null;
  busy: boolean;
}) {
  const hint =
    "JPEG, PNG, WebP or AVIF, up to 5 MB. We crop it to a wide 1140 × 480 picture and keep no location or camera details. Without one the article shows its colour art.";
  const ids = fieldIds("cover", hint, error ?? undefined);
  return (
    <Form
      method="post"
      action={`/staff/article-cover?article=${encodeURIComponent(articleId)}`}
      encType="multipart/form-data"
      reloadDocument
      aria-labelledby="cover-form-title"
      noValidate
      className="stack"
    >
      <h2 id="cover-form-title">Cover picture</h2>
      {coverUrl ? (
        <img className="staff-cover" src={coverUrl} alt="The current cover" width={1140} height={480} />
      ) : (
        <p>No cover picture yet.</p>
      )}
      <div className="field">
        <label htmlFor={ids.id}>{coverUrl ? "A new cover picture" : "Cover picture"}</label>
        <FieldHint id={ids.hintId} hint={hint} />
        <input
          id={ids.id}
          name="photo"
          type="file"
          accept="image/jpeg,image/png,image/webp,image/avif"
          aria-invalid={error ? true : undefined}
          aria-describedby={ids.describedBy}
          autoFocus={Boolean(error) || undefined}
        />
        <FieldError id={ids.errorId} error={error ?? undefined} />
      </div>
      <div className="staff-actions">
        <button type="submit" name="intent" value="upload-cover" className="button" disabled={busy}>
          Upload cover
        </button>
        {coverUrl ? (
          <button type="submit" name="intent" value="remove-cover" className="button button--secondary" disabled={busy}>
            Remove cover
          </button>
        ) : null}
      </div>
    </Form>
  );
}
