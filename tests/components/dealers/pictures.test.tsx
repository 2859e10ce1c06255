import { parseWithZod } from "@conform-to/zod/v4";
import { screen, waitFor, within } from "@testing-library/react";
import { expect, test, vi } from "vitest";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { dealerEditSchema, GALLERY_MAX, type Dealer } from "~/models/dealer.schema";
import { expectNotice, renderApp } from "../support/app";
import { aDealer, choose, DEALER_ID, dealerServer, editPage, withGalleryPhoto, withoutGalleryPhoto } from "./support";

// The dealer's pictures and About in edit mode with JavaScript (Chromium's generic spec
// tests/e2e/dealers/pictures.spec.ts runs the same page without JavaScript): the photo forms' own
// check of the chosen file (not an image, over 5 MB) that sends nothing, a file the server refuses
// by its bytes, the gallery at its limit (the full message instead of the picker), the remove
// confirm dialog, and About's counter and the server's refusal of a long About. The faults these
// forms meet are tests/components/dealers/edit.test.tsx's.

// The map itself (Leaflet) is not what is tested here: a stand-in in its place.
vi.mock("~/components/map/location-map.client", () => ({ default: () => <div>Map</div> }));

const PAGE = `/dealer-details/${DEALER_ID}`;
const EDIT = `${PAGE}?edit=true`;
const POST = `POST ${PAGE}`;

// The spec's words, written out: a changed message is a changed spec.
const NOT_AN_IMAGE = "Please select a valid image file";
const TOO_LARGE = "Image too large. Maximum size is 5MB";
const FULL = "Gallery is full. You can remove photos to add new ones.";
const REMOVE_TEXT = "Are you sure you want to remove this photo? This action cannot be undone.";
const ABOUT_TOO_LONG = "About must be 1000 characters or less";

const PNG_START = [0x89, 0x50, 0x4e, 0x47];
const aPhoto = (name: string) =>
  new File([new Uint8Array([...PNG_START, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3])], name, { type: "image/png" });
const isPicture = async (file: File) => {
  const bytes = new Uint8Array(await file.arrayBuffer());
  return PNG_START.every((byte, at) => bytes[at] === byte);
};

/** `count` gallery photos of the dealer, as the page lists them. */
function gallery(count: number): Pick<Dealer, "galleryImages" | "galleryThumbs"> {
  const images = Array.from({ length: count }, (_, n) => `/uploads/dealers/${DEALER_ID}/p${n + 1}.jpg`);
  return { galleryImages: images, galleryThumbs: images.map((url) => url.replace(".jpg", "-thumb.jpg")) };
}

/**
 * The dealer's page on a server that checks as app/routes/dealers/details.tsx does: a photo's
 * bytes (not a picture: 415 with its message, under the form that sent it), the gallery's limit,
 * About's length (the edit form's answer with the field's error and the text as typed).
 */
function picturesServer(photos: number) {
  let dealer = aDealer(gallery(photos));
  const sent: FormData[] = [];
  const refused = (intent: string, error: string) => ({ intent, result: null, error, uploadKey: "upload-key-2" });
  const server = dealerServer({
    "routes/dealers/details": async (request) => {
      if (request.method === "GET") return editPage(dealer);
      const form = await request.formData();
      sent.push(form);
      const intent = String(form.get("intent"));
      const image = form.get("image");
      switch (intent) {
        case "profile-picture":
          if (!(image instanceof File) || !(await isPicture(image))) return refused(intent, NOT_AN_IMAGE);
          dealer = { ...dealer, profilePictureUrl: "/uploads/profile.jpg", profilePictureThumbUrl: "/uploads/t.jpg" };
          return server.redirectWithNotice(EDIT, "Profile picture updated successfully!");
        case "gallery-add": {
          if (!(image instanceof File) || !(await isPicture(image))) return refused(intent, NOT_AN_IMAGE);
          if (dealer.galleryImages.length >= GALLERY_MAX) return refused(intent, FULL);
          dealer = withGalleryPhoto(dealer, `/uploads/dealers/${DEALER_ID}/${image.name}`);
          return server.redirectWithNotice(EDIT, "Image added to gallery successfully!");
        }
        case "gallery-remove": {
          dealer = withoutGalleryPhoto(dealer, String(form.get("url")));
          return server.redirectWithNotice(EDIT, "Image removed from gallery successfully!");
        }
        case "update": {
          const submission = parseWithZod(form, { schema: dealerEditSchema });
          if (submission.status !== "success") return { intent, result: submission.reply(), error: null };
          dealer = { ...dealer, aboutDescription: submission.value.aboutDescription ?? null };
          return server.redirectWithNotice(EDIT, "About section updated successfully!");
        }
      }
      return null;
    },
  });
  return { server, sent, dealer: () => dealer };
}

const PHOTO_FORMS = [
  { intent: "profile-picture", label: "Profile picture", button: "Upload Picture" },
  { intent: "gallery-add", label: "Add a photo", button: "Add to Gallery" },
] as const;

/** The edit page's form of `intent` (each photo upload is its own form). */
function formOf(intent: string): HTMLElement {
  const field = document.querySelector(`form input[name="intent"][value="${intent}"]`);
  return field!.closest("form")!;
}

/**
 * Chooses `file` in the form of `intent` and waits until it is ready to go (a photo is made
 * smaller first; a tap meanwhile, sent once it is ready, is gallery-tap-while-preparing.js.spec.ts's).
 */
async function chooseIn(intent: string, label: string, file: File) {
  choose(within(formOf(intent)).getByLabelText(label) as HTMLInputElement, file);
  await waitFor(() => expect(screen.queryByText("Preparing photo...")).toBeNull());
}

async function editPageWith(photos: number) {
  const { server, sent, dealer } = picturesServer(photos);
  const app = await renderApp(EDIT, server);
  await screen.findByRole("heading", { name: "Edit Dealer", level: 1 });
  return { app, server, sent, dealer };
}

for (const { intent, label, button } of PHOTO_FORMS) {
  test(`${label}: a file that is no image, or one over 5 MB, is refused as it is chosen with its message, and sends nothing`, async () => {
    const { app, server } = await editPageWith(3);
    const form = () => within(formOf(intent));
    const input = () => form().getByLabelText(label) as HTMLInputElement;
    choose(input(), new File(["hello"], "notes.txt", { type: "text/plain" }));
    expect(await form().findByText(NOT_AN_IMAGE)).toBeVisible();
    expect(input()).toHaveAccessibleDescription(NOT_AN_IMAGE);
    await app.user.click(form().getByRole("button", { name: button }));

    const huge = new Uint8Array(5 * 1024 * 1024 + 1);
    huge.set(PNG_START);
    choose(input(), new File([huge], "huge.png", { type: "image/png" }));
    expect(await form().findByText(TOO_LARGE)).toBeVisible();
    expect(form().queryByText(NOT_AN_IMAGE)).toBeNull();
    await app.user.click(form().getByRole("button", { name: button }));
    expect(server.count(POST)).toBe(0);

    // A photo chosen instead clears the message and goes.
    await chooseIn(intent, label, aPhoto("shop.png"));
    await waitFor(() => expect(form().queryByText(TOO_LARGE)).toBeNull());
    await app.user.click(form().getByRole("button", { name: button }));
    await expectNotice(
      intent === "gallery-add" ? "Image added to gallery successfully!" : "Profile picture updated successfully!",
    );
    expect(server.count(POST, intent)).toBe(1);
  });

  test(`${label}: a file named as a photo that the server refuses by its bytes says why under its form; the page stays`, async () => {
    const { app, server, dealer } = await editPageWith(3);
    const form = () => within(formOf(intent));
    await chooseIn(intent, label, new File(["not an image at all"], "fake.png", { type: "image/png" }));
    await app.user.click(form().getByRole("button", { name: button }));
    expect(await form().findByText(NOT_AN_IMAGE)).toBeVisible();
    expect(server.count(POST, intent)).toBe(1);
    expect(app.address()).toBe(EDIT);
    expect(screen.getByRole("heading", { name: "Edit Dealer", level: 1 })).toBeVisible();
    expect(dealer()).toEqual(aDealer(gallery(3)));
  });
}

test("the gallery's fifth photo fills it: it says so in place of the picker, and counts 5 / 5", async () => {
  const { app, sent } = await editPageWith(GALLERY_MAX - 1);
  expect(screen.getByRole("heading", { name: "Gallery (4 / 5)" })).toBeVisible();
  expect(screen.queryByText(FULL)).toBeNull();
  await chooseIn("gallery-add", "Add a photo", aPhoto("p5.png"));
  await app.user.click(within(formOf("gallery-add")).getByRole("button", { name: "Add to Gallery" }));
  await expectNotice("Image added to gallery successfully!");
  expect(await screen.findByRole("img", { name: "Gallery 5" })).toHaveAttribute(
    "src",
    `/uploads/dealers/${DEALER_ID}/p5.png`,
  );
  expect(screen.getByRole("heading", { name: "Gallery (5 / 5)" })).toBeVisible();
  expect(within(screen.getByRole("region", { name: /^Gallery/ })).getByRole("status")).toHaveTextContent(FULL);
  expect(screen.queryByLabelText("Add a photo")).toBeNull();
  expect(screen.queryByRole("button", { name: "Add to Gallery" })).toBeNull();
  expect(sent.map((sentForm) => sentForm.get(SUBMISSION_KEY_FIELD))).toEqual(["upload-key-1"]);
});

test("removing a photo asks first in the spec's words: Cancel sends nothing; OK removes that photo and the picker is back", async () => {
  const { app, server, sent, dealer } = await editPageWith(GALLERY_MAX);
  const answers = [false, true];
  const confirm = vi.fn(() => answers.shift() ?? false);
  vi.stubGlobal("confirm", confirm);
  expect(screen.getByText(FULL)).toBeVisible();

  await app.user.click(screen.getByRole("button", { name: "Remove photo 2" }));
  expect(confirm).toHaveBeenLastCalledWith(REMOVE_TEXT);
  expect(server.count(POST)).toBe(0);
  expect(screen.getAllByRole("img", { name: /^Gallery \d$/ })).toHaveLength(GALLERY_MAX);

  await app.user.click(screen.getByRole("button", { name: "Remove photo 2" }));
  await expectNotice("Image removed from gallery successfully!");
  expect(confirm).toHaveBeenCalledTimes(2);
  expect(confirm).toHaveBeenLastCalledWith(REMOVE_TEXT);
  expect(server.count(POST, "gallery-remove")).toBe(1);
  const second = aDealer(gallery(GALLERY_MAX)).galleryImages[1];
  expect(sent[0]?.get("url")).toBe(second);
  expect(dealer().galleryImages).not.toContain(second);
  await waitFor(() => expect(screen.getAllByRole("img", { name: /^Gallery \d$/ })).toHaveLength(GALLERY_MAX - 1));
  expect(document.querySelector(`img[src="${second?.replace(".jpg", "-thumb.jpg")}"]`)).toBeNull();
  expect(screen.getByRole("heading", { name: "Gallery (4 / 5)" })).toBeVisible();
  expect(screen.getByLabelText("Add a photo")).toBeVisible();
  expect(screen.queryByText(FULL)).toBeNull();
});

test("About counts its characters as they are typed, in red past 1000; the server refuses 1001 with its message and keeps the text; a shorter one saves", async () => {
  const { app, server, dealer } = await editPageWith(3);
  const about = () => screen.getByRole("textbox", { name: "About" });
  expect(screen.getByText("19 / 1000")).toBeVisible();
  await app.user.clear(about());
  expect(screen.getByText("0 / 1000")).toBeVisible();
  await app.user.click(about());
  await app.user.paste("a".repeat(1000));
  expect(screen.getByText("1000 / 1000")).not.toHaveClass("text-danger-11");
  await app.user.type(about(), "a");
  expect(screen.getByText("1001 / 1000")).toHaveClass("text-danger-11");

  await app.user.click(screen.getByRole("button", { name: "Save About" }));
  expect(await screen.findByText(ABOUT_TOO_LONG)).toBeVisible();
  expect(about()).toHaveAccessibleDescription(ABOUT_TOO_LONG);
  expect(about()).toHaveValue("a".repeat(1001));
  expect(screen.getByText("1001 / 1000")).toBeVisible();
  expect(server.count(POST, "update")).toBe(1);
  expect(dealer().aboutDescription).toBe("Sells urea and DAP.");

  const text = "Family shop since 1998, about 300 growers around Okara.";
  await app.user.clear(about());
  await app.user.type(about(), text);
  expect(screen.getByText(`${text.length} / 1000`)).toBeVisible();
  await app.user.click(screen.getByRole("button", { name: "Save About" }));
  await expectNotice("About section updated successfully!");
  expect(dealer().aboutDescription).toBe(text);
  expect(app.address()).toBe(EDIT);
});
