import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DealerForm } from "~/components/dealers/dealer-form";
import { DealerPicture } from "~/components/dealers/dealer-picture";
import { ImageForm } from "~/components/dealers/image-form";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/browser/hydrated";
import { ABOUT_MAX, type Dealer, GALLERY_MAX, TEAM_FROM_ADDRESS } from "~/models/dealer.schema";
import type { TeamView } from "~/models/team.schema";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";

/** The details page's answer to a refused action: the form that sent it (its `intent`) and what went wrong. */
export type DealerActionData =
  { intent: string | null; result: SubmissionResult<string[]> | null; error: string | null } | undefined;

/** The answer's error, for the form whose intent it names. */
function errorFor(actionData: DealerActionData, intent: string): string[] | undefined {
  return actionData && actionData.intent === intent && actionData.error ? [actionData.error] : undefined;
}

const EDIT_FORM = "edit-dealer";

/**
 * The dealer's page in edit mode. About's box and its "Save About" belong to the fields' form
 * (`form` attribute), so either button saves everything typed.
 */
export function DealerEdit({
  dealer,
  actionData,
  uploadKey,
  teams,
}: {
  teams: TeamView[];
  dealer: Dealer;
  actionData: DealerActionData;
  uploadKey: string;
}) {
  const t = useT();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const update = actionData?.intent === "update" ? actionData.result : null;
  // A refused save comes back with the About as it was typed.
  const typedAbout = update?.initialValue?.aboutDescription;
  const about = typeof typedAbout === "string" ? typedAbout : (dealer.aboutDescription ?? "");
  const aboutErrors = update?.error?.aboutDescription ?? undefined;
  const [aboutLength, setAboutLength] = useState(about.length);
  const page = `/dealer-details/${dealer.id}`;
  const savingAbout = navigation.state === "submitting" && navigation.formData?.get("save") === "about";
  const full = dealer.galleryImages.length >= GALLERY_MAX;

  return (
    <>
      {/* The form's default button, first in the page: Enter in a field saves as Save does. */}
      <button type="submit" form={EDIT_FORM} hidden tabIndex={-1} aria-hidden="true" />
      <section className="card space-y-3" aria-labelledby="picture-heading">
        <h2 id="picture-heading" className="flex items-center gap-2 font-semibold">
          <Icon name="camera" size={18} />
          {t("dealers:edit.pictureTitle")}
        </h2>
        <div className="flex items-center gap-3">
          <DealerPicture dealer={dealer} size={64} />
          <p className="text-sm text-gray-11">
            {dealer.profilePictureUrl ? t("dealers:edit.replacePicture") : t("dealers:edit.noPicture")}
          </p>
        </div>
        <ImageForm
          intent="profile-picture"
          label={t("dealers:edit.pictureLabel")}
          button={t("dealers:edit.uploadPicture")}
          errors={errorFor(actionData, "profile-picture")}
        />
      </section>

      <section className="card space-y-3" aria-labelledby="about-heading">
        <h2 id="about-heading" className="font-semibold">
          {t("dealers:view.about")}
        </h2>
        <div className="space-y-2">
          <label htmlFor="about-text" className="sr-only">
            {t("dealers:view.about")}
          </label>
          <textarea
            id="about-text"
            name="aboutDescription"
            form={EDIT_FORM}
            rows={5}
            defaultValue={about}
            placeholder={t("dealers:edit.aboutPlaceholder")}
            className="field-input py-2"
            onInput={(event) => setAboutLength(event.currentTarget.value.length)}
            aria-invalid={aboutErrors ? true : undefined}
            aria-describedby={aboutErrors ? "about-text-error" : undefined}
          />
          <p className={`text-end text-xs ${aboutLength > ABOUT_MAX ? "text-danger-11" : "text-gray-11"}`}>
            {aboutLength} / {ABOUT_MAX}
          </p>
          <FieldErrors id="about-text-error" errors={aboutErrors} />
          <button
            type="submit"
            form={EDIT_FORM}
            name="save"
            value="about"
            className="btn-secondary w-full"
            disabled={savingAbout}
          >
            {savingAbout ? t("dealers:account.saving") : t("dealers:edit.saveAbout")}
          </button>
        </div>
      </section>

      <section className="card space-y-3" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading" className="font-semibold">
          {t("dealers:edit.galleryCount", { count: dealer.galleryImages.length, max: GALLERY_MAX })}
        </h2>
        {dealer.galleryImages.length === 0 ? <p className="text-gray-11">{t("dealers:view.noPhotos")}</p> : null}
        <ul className="grid grid-cols-3 gap-2" aria-label={t("dealers:view.gallery")}>
          {dealer.galleryImages.map((url, index) => (
            <li key={url + index} className="space-y-1">
              <img
                src={dealer.galleryThumbs[index]}
                alt={t("dealers:view.galleryImage", { number: index + 1 })}
                loading="lazy"
                className="aspect-square w-full rounded-lg object-cover"
              />
              {hydrated ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(t("dealers:edit.removeConfirm"))) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="gallery-remove" />
                  <input type="hidden" name="index" value={index} />
                  <input type="hidden" name="url" value={url} />
                  <input type="hidden" name="confirm" value="yes" />
                  <button
                    type="submit"
                    className="btn-ghost w-full px-1 text-sm text-danger-11"
                    aria-label={t("dealers:edit.removePhotoNumber", { number: index + 1 })}
                  >
                    <Icon name="trash" size={14} />
                    {t("dealers:edit.remove")}
                  </button>
                </Form>
              ) : (
                <Link
                  to={`${page}/remove-photo/${index}`}
                  className="btn-ghost w-full px-1 text-sm text-danger-11"
                  aria-label={t("dealers:edit.removePhotoNumber", { number: index + 1 })}
                >
                  <Icon name="trash" size={14} />
                  {t("dealers:edit.remove")}
                </Link>
              )}
            </li>
          ))}
        </ul>
        <FieldErrors errors={errorFor(actionData, "gallery-remove")} />
        {full ? (
          <p role="status" className="rounded-lg bg-gray-3 p-3 text-sm">
            {t("dealers:edit.galleryFull")}
          </p>
        ) : (
          <ImageForm
            intent="gallery-add"
            label={t("dealers:edit.addPhoto")}
            button={t("dealers:edit.addToGallery")}
            submissionKey={uploadKey}
            errors={errorFor(actionData, "gallery-add")}
          />
        )}
        {full ? <FieldErrors errors={errorFor(actionData, "gallery-add")} /> : null}
      </section>

      <section aria-labelledby="details-heading" className="space-y-2">
        <h2 id="details-heading" className="font-semibold">
          {t("dealers:edit.informationTitle")}
        </h2>
        <FieldErrors errors={errorFor(actionData, "update")} />
        <DealerForm
          id={EDIT_FORM}
          intent="update"
          defaultValue={{
            ...dealer,
            lat: Number(dealer.lat),
            lng: Number(dealer.lng),
            teamId: dealer.teamSetByHand && dealer.team ? dealer.team.id : TEAM_FROM_ADDRESS,
          }}
          teams={teams}
          lastResult={update}
          submitLabel={t("dealers:form.save")}
          locatingLabel={t("dealers:form.locating")}
          cancel={
            <Link to={page} className="btn-secondary flex-1">
              {t("dealers:form.cancel")}
            </Link>
          }
        />
      </section>
    </>
  );
}
