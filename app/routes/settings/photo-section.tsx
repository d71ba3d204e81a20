import { Form } from "@remix-run/react";
import { FormField } from "~/components/form-field";
import { PHOTO_ACCEPT, PHOTO_MAX_BYTES } from "~/models/identity/profile-photo";
import { PHOTO_FIELD } from "~/models/identity/profile-photo";
import { PaletteImage } from "./palette-image";
import { SavedNote, useSettingsForm } from "./section-state";

/** Settings' profile photo: the photo or the initials that stand in for it, an upload and a removal. */
export function PhotoSection({
  photo,
  saved,
}: {
  photo: { url: string | null; color: string | null; initials: string };
  saved: string | null;
}) {
  const { busy, errors } = useSettingsForm("photo");
  return (
    <section className="auth-card" id="photo" aria-labelledby="photo-title">
      <h2 id="photo-title">Profile photo</h2>
      <SavedNote text={saved} />
      <div className="photo-setting">
        {photo.url ? (
          <PaletteImage
            className="photo-setting__image"
            src={photo.url}
            alt="Your profile photo"
            width={96}
            height={96}
            color={photo.color ?? undefined}
            loading="eager"
          />
        ) : (
          <span className="photo-setting__image photo-setting__initials" aria-hidden="true">
            {photo.initials}
          </span>
        )}
        <p className="photo-setting__note">
          {photo.url ? "This is the photo beside your name." : "No photo yet: your initials show instead."}
        </p>
      </div>
      <Form method="post" encType="multipart/form-data" noValidate>
        <input type="hidden" name="intent" value="photo" />
        <FormField
          focusOnError
          name={PHOTO_FIELD}
          label={photo.url ? "Choose a new photo" : "Choose a photo"}
          hint={`JPEG, PNG, WebP or AVIF, up to ${PHOTO_MAX_BYTES / 1024 / 1024} MB. We crop it to a square and keep no location or camera details.`}
          type="file"
          accept={PHOTO_ACCEPT}
          error={errors.photo}
        />
        <button className="button" type="submit" disabled={busy()}>
          {busy() ? "Uploading…" : "Upload photo"}
        </button>
      </Form>
      {photo.url ? (
        <Form method="post" className="photo-setting__remove">
          <input type="hidden" name="intent" value="remove-photo" />
          <button className="button button--secondary" type="submit" disabled={busy("remove-photo")}>
            {busy("remove-photo") ? "Removing…" : "Remove photo"}
          </button>
        </Form>
      ) : null}
    </section>
  );
}
