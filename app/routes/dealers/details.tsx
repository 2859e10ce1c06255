import { parseWithZod } from "@conform-to/zod/v4";
import { ArrowLeft, Camera, Mail, Pencil, Phone, Store, Trash2 } from "lucide-react";
import { useEffect, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/details";
import { DealerForm } from "~/components/dealers/dealer-form";
import { FieldErrors } from "~/components/forms";
import { useHydrated } from "~/lib/hydrated";
import { formatPhone, telHref } from "~/lib/phone";
import { requireUser } from "~/models/auth.server";
import {
  ABOUT_MAX,
  aboutSchema,
  DEALER_IMAGE_MAX_BYTES,
  dealerSchema,
  GALLERY_FULL,
  GALLERY_MAX,
  IMAGE_TOO_LARGE,
  INVALID_IMAGE,
  REMOVE_PHOTO_CONFIRMATION,
} from "~/models/dealer.schema";
import {
  addGalleryImage,
  DEALER_NOT_FOUND,
  GALLERY_IMAGE_NOT_FOUND,
  getDealer,
  removeGalleryImage,
  setProfilePicture,
  updateAbout,
  updateDealer,
} from "~/models/dealer.server";
import { formCall } from "~/http/form.server";
import { AppError } from "~/lib/app-error";
import { parseId, parseIndex } from "~/lib/ids";
import { readImageForm } from "~/http/upload-forms.server";
import { redirectWithToast } from "~/http/toast.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.dealer?.businessName ?? "Dealer Details"} · Fieldline` }];

/** The dealer's id comes from the query parameter `id` (`/dealer-details?id=7`), else from the last path segment. */
function dealerIdFrom(request: Request, param: string | undefined): number {
  const url = new URL(request.url);
  return parseId(url.searchParams.get("id") ?? param ?? url.pathname.split("/").filter(Boolean).at(-1)) ?? 0;
}

export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const id = dealerIdFrom(args.request, args.params.id);
  const editing = new URL(args.request.url).searchParams.get("edit") === "true";
  const dealer = await getDealer(id);
  if (!dealer) return data({ dealer: null, editing: false }, { status: 404 });
  return { dealer, editing };
}

type Intent = "update" | "about" | "profile-picture" | "gallery-add" | "gallery-remove";
const INTENTS: readonly Intent[] = ["update", "about", "profile-picture", "gallery-add", "gallery-remove"];

export async function action(args: Route.ActionArgs) {
  requireUser(args);
  const id = dealerIdFrom(args.request, args.params.id);
  const page = `/dealer-details/${id}`;
  if (!(await getDealer(id))) throw data(DEALER_NOT_FOUND, { status: 404 });
  let intent: Intent = "update";
  return formCall(
    async () => {
      const { form, image } = await readImageForm(args.request);
      const asked = String(form.get("intent") ?? "");
      intent = INTENTS.includes(asked as Intent) ? (asked as Intent) : "update";
      switch (intent) {
        case "update": {
          const submission = parseWithZod(form, { schema: dealerSchema });
          if (submission.status !== "success") return data({ intent, result: submission.reply(), error: null }, { status: 400 });
          await updateDealer(id, submission.value);
          return redirectWithToast(page, { title: "Dealer updated successfully!" });
        }
        case "about": {
          const parsed = parseWithZod(form, { schema: aboutSchema });
          if (parsed.status !== "success") {
            return data({ intent, result: null, error: parsed.error?.aboutDescription?.[0] ?? "Failed to update about section" }, { status: 400 });
          }
          await updateAbout(id, parsed.value.aboutDescription);
          return redirectWithToast(`${page}?edit=true`, { title: "About section updated successfully!" });
        }
        case "profile-picture": {
          if (!image) return data({ intent, result: null, error: INVALID_IMAGE }, { status: 400 });
          await setProfilePicture(id, image);
          return redirectWithToast(`${page}?edit=true`, { title: "Profile picture updated successfully!" });
        }
        case "gallery-add": {
          if (!image) return data({ intent, result: null, error: INVALID_IMAGE }, { status: 400 });
          await addGalleryImage(id, image);
          return redirectWithToast(`${page}?edit=true`, { title: "Image added to gallery successfully!" });
        }
        case "gallery-remove": {
          const index = parseIndex(form.get("index"));
          if (index === null) throw new AppError(404, GALLERY_IMAGE_NOT_FOUND);
          if (form.get("confirm") !== "yes") return redirect(`${page}/remove-photo/${index}`);
          await removeGalleryImage(id, index);
          return redirectWithToast(`${page}?edit=true`, { title: "Image removed from gallery successfully!" });
        }
      }
    },
    (error) => data({ intent, result: null, error: error.message }, { status: error.status }),
  );
}

type ActionData = Route.ComponentProps["actionData"];

export default function DealerDetails({ loaderData, actionData }: Route.ComponentProps) {
  const { dealer, editing } = loaderData;
  if (!dealer) {
    return (
      <div className="card space-y-4 text-center">
        <h1 className="text-xl font-bold">Dealer Details</h1>
        <p className="text-gray-11">Dealer not found.</p>
        <Link to="/dealers" className="btn-primary">
          Back to Dealers
        </Link>
      </div>
    );
  }
  const page = `/dealer-details/${dealer.id}`;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link to={editing ? page : "/dealers"} className="btn-ghost px-2" aria-label={editing ? "Back to details" : "Back to Dealers"}>
          <ArrowLeft size={20} aria-hidden />
        </Link>
        <h1 className="flex-1 text-xl font-bold">{editing ? "Edit Dealer" : "Dealer Details"}</h1>
        {editing ? null : (
          <Link to={`${page}?edit=true`} className="btn-secondary px-3">
            <Pencil size={16} aria-hidden />
            Edit
          </Link>
        )}
      </div>
      {editing ? <EditMode dealer={dealer} actionData={actionData} /> : <ViewMode dealer={dealer} />}
    </div>
  );
}

type LoadedDealer = NonNullable<Route.ComponentProps["loaderData"]["dealer"]>;

function Picture({ dealer, size }: { dealer: LoadedDealer; size: number }) {
  return dealer.profilePictureUrl ? (
    <img
      src={dealer.profilePictureThumbUrl ?? dealer.profilePictureUrl}
      alt={`Profile picture of ${dealer.businessName}`}
      width={size}
      height={size}
      className="shrink-0 rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span className="flex shrink-0 items-center justify-center rounded-full bg-accent-3 text-accent-11" style={{ width: size, height: size }} aria-hidden>
      <Store size={size / 2} />
    </span>
  );
}

function ViewMode({ dealer }: { dealer: LoadedDealer }) {
  const owner = [dealer.ownerFirstName, dealer.ownerLastName].filter(Boolean).join(" ");
  return (
    <>
      <section className="card flex items-center gap-4">
        <Picture dealer={dealer} size={72} />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{dealer.businessName}</h2>
          {owner ? <p className="text-gray-11">{owner}</p> : null}
        </div>
      </section>

      <section className="card space-y-2">
        <h2 className="font-semibold">Contact Information</h2>
        {dealer.phone ? (
          <a href={telHref(dealer.phone)} className="link flex items-center gap-2">
            <Phone size={16} aria-hidden />
            {formatPhone(dealer.phone)}
          </a>
        ) : (
          <p className="text-gray-11">No phone</p>
        )}
        {dealer.email ? (
          <a href={`mailto:${dealer.email}`} className="link flex items-center gap-2 break-all">
            <Mail size={16} aria-hidden />
            {dealer.email}
          </a>
        ) : null}
      </section>

      <section className="card space-y-1">
        <h2 className="font-semibold">Address & Location</h2>
        <p>{dealer.street}</p>
        <p>
          {dealer.city}, {dealer.state}
          {dealer.postalCode ? ` ${dealer.postalCode}` : ""}
        </p>
        {dealer.formattedAddress ? <p className="text-sm text-gray-11">{dealer.formattedAddress}</p> : null}
        <p className="font-mono text-sm text-gray-11">
          {Number(dealer.lat).toFixed(6)}, {Number(dealer.lng).toFixed(6)}
        </p>
      </section>

      {dealer.notes ? (
        <section className="card space-y-1">
          <h2 className="font-semibold">Notes</h2>
          <p className="whitespace-pre-line">{dealer.notes}</p>
        </section>
      ) : null}

      <section className="card space-y-1">
        <h2 className="font-semibold">About</h2>
        <p className="whitespace-pre-line">{dealer.aboutDescription || "No description available."}</p>
      </section>

      <section className="card space-y-2">
        <h2 className="font-semibold">Gallery</h2>
        {dealer.galleryImages.length === 0 ? (
          <p className="text-gray-11">No photos in gallery yet.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2" aria-label="Gallery">
            {dealer.galleryImages.map((url, index) => (
              <li key={url + index}>
                <a href={url}>
                  <img src={dealer.galleryThumbs[index]} alt={`Gallery photo ${index + 1}`} loading="lazy" className="aspect-square w-full rounded-lg object-cover" />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

function errorFor(actionData: ActionData, intent: string): string[] | undefined {
  return actionData && actionData.intent === intent && actionData.error ? [actionData.error] : undefined;
}

function ImageForm({ intent, label, button, actionData }: { intent: string; label: string; button: string; actionData: ActionData }) {
  const navigation = useNavigation();
  const [clientError, setClientError] = useState<string | null>(null);
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  const progress = useSimulatedProgress(busy);
  const inputId = `${intent}-file`;
  const errors = clientError ? [clientError] : errorFor(actionData, intent);
  return (
    <Form
      method="post"
      encType="multipart/form-data"
      className="space-y-2"
      onSubmit={(event) => {
        if (clientError) event.preventDefault();
      }}
    >
      <input type="hidden" name="intent" value={intent} />
      <label htmlFor={inputId} className="field-label">
        {label}
      </label>
      <input
        id={inputId}
        type="file"
        name="image"
        accept="image/jpeg,image/png,image/webp"
        required
        className="field-input py-2"
        aria-describedby={errors ? `${inputId}-error` : undefined}
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          if (!file) return setClientError(null);
          if (!file.type.startsWith("image/")) return setClientError(INVALID_IMAGE);
          if (file.size > DEALER_IMAGE_MAX_BYTES) return setClientError(IMAGE_TOO_LARGE);
          setClientError(null);
        }}
      />
      <p className="text-xs text-gray-11">JPG, PNG or WebP, up to 5MB.</p>
      <FieldErrors id={`${inputId}-error`} errors={errors} />
      {progress !== null ? <progress value={progress} max={100} className="w-full" aria-label="Upload progress" /> : null}
      <button type="submit" className="btn-secondary w-full" disabled={busy}>
        {busy ? "Uploading..." : button}
      </button>
    </Form>
  );
}

/** A simulated upload progress: +10 every 100 ms up to 90 while busy, 100 when done, gone after 1 s. */
function useSimulatedProgress(busy: boolean): number | null {
  const [progress, setProgress] = useState<number | null>(null);
  useEffect(() => {
    if (busy) {
      setProgress(0);
      const timer = setInterval(() => setProgress((value) => Math.min(90, (value ?? 0) + 10)), 100);
      return () => clearInterval(timer);
    }
    setProgress((value) => (value === null ? null : 100));
    const reset = setTimeout(() => setProgress(null), 1000);
    return () => clearTimeout(reset);
  }, [busy]);
  return progress;
}

function EditMode({ dealer, actionData }: { dealer: LoadedDealer; actionData: ActionData }) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [aboutLength, setAboutLength] = useState(dealer.aboutDescription?.length ?? 0);
  const page = `/dealer-details/${dealer.id}`;
  const savingAbout = navigation.state === "submitting" && navigation.formData?.get("intent") === "about";
  const full = dealer.galleryImages.length >= GALLERY_MAX;

  return (
    <>
      <section className="card space-y-3" aria-labelledby="picture-heading">
        <h2 id="picture-heading" className="flex items-center gap-2 font-semibold">
          <Camera size={18} aria-hidden />
          Profile Picture
        </h2>
        <div className="flex items-center gap-3">
          <Picture dealer={dealer} size={64} />
          <p className="text-sm text-gray-11">{dealer.profilePictureUrl ? "Choose a new photo to replace it." : "No picture yet."}</p>
        </div>
        <ImageForm intent="profile-picture" label="Profile picture" button="Upload Picture" actionData={actionData} />
      </section>

      <section className="card space-y-3" aria-labelledby="about-heading">
        <h2 id="about-heading" className="font-semibold">
          About
        </h2>
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="about" />
          <label htmlFor="about-text" className="sr-only">
            About
          </label>
          <textarea
            id="about-text"
            name="aboutDescription"
            rows={5}
            defaultValue={dealer.aboutDescription ?? ""}
            placeholder="Describe the dealer's business, customers and strengths"
            className="field-input py-2"
            onInput={(event) => setAboutLength(event.currentTarget.value.length)}
            aria-describedby={errorFor(actionData, "about") ? "about-text-error" : undefined}
          />
          <p className={`text-right text-xs ${aboutLength > ABOUT_MAX ? "text-danger-11" : "text-gray-11"}`}>
            {aboutLength} / {ABOUT_MAX}
          </p>
          <FieldErrors id="about-text-error" errors={errorFor(actionData, "about")} />
          <button type="submit" className="btn-secondary w-full" disabled={savingAbout}>
            {savingAbout ? "Saving..." : "Save About"}
          </button>
        </Form>
      </section>

      <section className="card space-y-3" aria-labelledby="gallery-heading">
        <h2 id="gallery-heading" className="font-semibold">
          Gallery ({dealer.galleryImages.length} / {GALLERY_MAX})
        </h2>
        {dealer.galleryImages.length === 0 ? <p className="text-gray-11">No photos in gallery yet.</p> : null}
        <ul className="grid grid-cols-3 gap-2" aria-label="Gallery">
          {dealer.galleryImages.map((url, index) => (
            <li key={url + index} className="space-y-1">
              <img src={dealer.galleryThumbs[index]} alt={`Gallery photo ${index + 1}`} loading="lazy" className="aspect-square w-full rounded-lg object-cover" />
              {hydrated ? (
                <Form
                  method="post"
                  onSubmit={(event) => {
                    if (!window.confirm(REMOVE_PHOTO_CONFIRMATION)) event.preventDefault();
                  }}
                >
                  <input type="hidden" name="intent" value="gallery-remove" />
                  <input type="hidden" name="index" value={index} />
                  <input type="hidden" name="confirm" value="yes" />
                  <button type="submit" className="btn-ghost min-h-9 w-full px-1 text-sm text-danger-11" aria-label={`Remove photo ${index + 1}`}>
                    <Trash2 size={14} aria-hidden />
                    Remove
                  </button>
                </Form>
              ) : (
                <Link to={`${page}/remove-photo/${index}`} className="btn-ghost min-h-9 w-full px-1 text-sm text-danger-11" aria-label={`Remove photo ${index + 1}`}>
                  <Trash2 size={14} aria-hidden />
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
          <ImageForm intent="gallery-add" label="Add a photo" button="Add to Gallery" actionData={actionData} />
        )}
        {full ? <FieldErrors errors={errorFor(actionData, "gallery-add")} /> : null}
      </section>

      <section aria-labelledby="details-heading" className="space-y-2">
        <h2 id="details-heading" className="font-semibold">
          Dealer Information
        </h2>
        <DealerForm
          id="edit-dealer"
          intent="update"
          defaultValue={{ ...dealer, lat: Number(dealer.lat), lng: Number(dealer.lng) }}
          lastResult={actionData?.intent === "update" ? actionData.result : null}
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
