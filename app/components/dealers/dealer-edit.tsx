import type { SubmissionResult } from "@conform-to/react";
import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { DealerForm } from "~/components/dealers/dealer-form";
import { DealerPicture } from "~/components/dealers/dealer-picture";
import { ImageForm } from "~/components/dealers/image-form";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/browser/hydrated";
import {
  ABOUT_MAX,
  type Dealer,
  GALLERY_FULL,
  GALLERY_MAX,
  REMOVE_PHOTO_CONFIRMATION,
  TEAM_FROM_ADDRESS,
} from "~/models/dealer.schema";
import type { TeamView } from "~/models/team.schema";
import { Icon } from "~/components/icon";

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
          Profile Picture
        </h2>
        <div className="flex items-center gap-3">
          <DealerPicture dealer={dealer} size={64} />
          <p className="text-sm text-gray-11">
            {dealer.profilePictureUrl ? "Choose a new photo to replace it." : "No picture yet."}
          </p>
        </div>
        <ImageForm
          intent="profile-picture"
          label="Profile picture"
          button="Upload Picture"
          errors={errorFor(actionData, "profile-picture")}
        />
      </section>

      <section className="card space-y-3" aria-labelledby="about-heading">
        <h2 id="about-heading" className="font-semibold">
          About
        </h2>
        <div className="space-y-2">
          <label htmlFor="about-text" className="sr-only">
            About
          </label>
          <textarea
            id="about-text"
            name="aboutDescription"
            form={EDIT_FORM}
            rows={5}
            defaultValue={about}
            placeholder="Describe the dealer's business, customers and strengths"
            className="field-input py-2"
            onInput={(event) => setAboutLength(event.currentTarget.value.length)}
            aria-invalid={aboutErrors ? true : undefined}
            aria-describedby={aboutErrors ? "about-text-error" : undefined}
          />
          <p className={`text-right text-xs ${aboutLength > ABOUT_MAX ? "text-danger-11" : "text-gray-11"}`}>
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
            {savingAbout ? "Saving..." : "Save About"}
          </button>
        </div>
      </section>

      <section className="card space-y-3" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading" className="font-semibold">
          Gallery ({dealer.galleryImages.length} / {GALLERY_MAX})
        </h2>
        {dealer.galleryImages.length === 0 ? <p className="text-gray-11">No photos in gallery yet.</p> : null}
        <ul className="grid grid-cols-3 gap-2" aria-label="Gallery">
          {dealer.galleryImages.map((url, index) => (
            <li key={url + index} className="space-y-1">
              <img
                src={dealer.galleryThumbs[index]}
                alt={`Gallery ${index + 1}`}
                loading="lazy"
                className="aspect-square w-full rounded-lg object-cover"
              />
              {hydrated ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(REMOVE_PHOTO_CONFIRMATION)) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="gallery-remove" />
                  <input type="hidden" name="index" value={index} />
                  <input type="hidden" name="url" value={url} />
                  <input type="hidden" name="confirm" value="yes" />
                  <button
                    type="submit"
                    className="btn-ghost w-full px-1 text-sm text-danger-11"
                    aria-label={`Remove photo ${index + 1}`}
                  >
                    <Icon name="trash" size={14} />
                    Remove
                  </button>
                </Form>
              ) : (
                <Link
                  to={`${page}/remove-photo/${index}`}
                  className="btn-ghost w-full px-1 text-sm text-danger-11"
                  aria-label={`Remove photo ${index + 1}`}
                >
                  <Icon name="trash" size={14} />
                  Remove
                </Link>
              )}
            </li>
          ))}
        </ul>
        <FieldErrors errors={errorFor(actionData, "gallery-remove")} />
        {full ? (
          <p role="status" className="rounded-lg bg-gray-3 p-3 text-sm">
            {GALLERY_FULL}
          </p>
        ) : (
          <ImageForm
            intent="gallery-add"
            label="Add a photo"
            button="Add to Gallery"
            submissionKey={uploadKey}
            errors={errorFor(actionData, "gallery-add")}
          />
        )}
        {full ? <FieldErrors errors={errorFor(actionData, "gallery-add")} /> : null}
      </section>

      <section aria-labelledby="details-heading" className="space-y-2">
        <h2 id="details-heading" className="font-semibold">
          Dealer Information
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
          submitLabel="Save"
          locatingLabel="Getting Location..."
          cancel={
            <Link to={page} className="btn-secondary flex-1">
              Cancel
            </Link>
          }
        />
      </section>
    </>
  );
}
