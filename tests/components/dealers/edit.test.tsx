import { screen, waitFor, within } from "@testing-library/react";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { afterEach, expect, test, vi } from "vitest";
import { english } from "../../support/english";
import { FAULTS, PAST_PATIENCE_MS, type Fault } from "../../support/faults";
import { expectNotice, renderApp, type RenderedApp } from "../support/app";
import {
  aDealer,
  choose,
  DEALER_ID,
  dealerServer,
  editPage,
  removePhotoPage,
  withGalleryPhoto,
  withoutGalleryPhoto,
} from "./support";

// The dealer's page in edit mode on a flaky network (issue 15; Chromium keeps the gallery's upload
// meeting "500 with JSON" in tests/e2e/faults/dealers.js.spec.ts): its fields, its About, its
// picture, its gallery's uploads and removals (the confirm dialog, and the confirm page) each meet
// every fault; the page stays, says what failed in the spec's words, keeps what was typed or
// chosen, and one more tap does it, once.

// The map itself (Leaflet) is not what is tested here: a stand-in in its place.
vi.mock("~/components/map/location-map.client", () => ({ default: () => <div>Map</div> }));

afterEach(() => {
  sessionStorage.clear();
});

const PAGE = `/dealer-details/${DEALER_ID}`;
const EDIT = `${PAGE}?edit=true`;
const POST = `POST ${PAGE}`;
const NO_VISITS = { lastVisit: null, total: 0, visits: [], nextCursor: null };

/**
 * The dealer's page on a server that does what it is sent, as app/routes/dealers/details.tsx does:
 * the gallery adds a photo once per key and removes the photo named by its URL (a repeat removes
 * nothing more).
 */
function detailsServer() {
  let dealer = aDealer();
  let uploadKeys = 0;
  const keys = new Set<string>();
  const sent: FormData[] = [];
  const server = dealerServer({
    "routes/dealers/details": async (request) => {
      if (request.method === "GET") {
        if (new URL(request.url).searchParams.get("edit") !== "true")
          return { ...editPage(dealer), editing: false, visits: NO_VISITS };
        uploadKeys += 1;
        return editPage(dealer, `upload-key-${uploadKeys}`);
      }
      const form = await request.formData();
      sent.push(form);
      switch (form.get("intent")) {
        case "update":
          dealer = {
            ...dealer,
            businessName: String(form.get("businessName")),
            aboutDescription: String(form.get("aboutDescription")),
          };
          return form.get("save") === "about"
            ? server.redirectWithNotice(EDIT, "About section updated successfully!")
            : server.redirectWithNotice(PAGE, "Dealer updated successfully!");
        case "profile-picture":
          dealer = { ...dealer, profilePictureUrl: "/uploads/profile.jpg", profilePictureThumbUrl: "/uploads/t.jpg" };
          return server.redirectWithNotice(EDIT, "Profile picture updated successfully!");
        case "gallery-add": {
          const key = String(form.get(SUBMISSION_KEY_FIELD));
          if (!keys.has(key)) {
            keys.add(key);
            dealer = withGalleryPhoto(dealer, `/uploads/dealers/${DEALER_ID}/added-${keys.size}.jpg`);
          }
          return server.redirectWithNotice(EDIT, "Image added to gallery successfully!");
        }
        case "gallery-remove": {
          dealer = withoutGalleryPhoto(dealer, String(form.get("url")));
          return server.redirectWithNotice(EDIT, "Image removed from gallery successfully!");
        }
      }
      return null;
    },
    "routes/dealers/remove-photo": (request) =>
      removePhotoPage(dealer, Number(new URL(request.url).pathname.split("/").at(-1))),
  });
  return { server, sent, dealer: () => dealer };
}

type Server = ReturnType<typeof detailsServer>["server"];

/**
 * Sends with `send` while the request meets `fault`: the page stays and says `notice`, or, when
 * the session expired, it says so and goes to sign in, asked to come back to `at`; signed in
 * again, the page is rendered there anew (answers whether it was).
 */
async function sendThrough(
  app: RenderedApp,
  server: Server,
  fault: Fault,
  { at, notice, send }: { at: string; notice: string[]; send: () => Promise<void> },
): Promise<RenderedApp> {
  server.failNext(fault, POST);
  await send();
  if (fault === "session expired") {
    await expectNotice("You are logged out. Logging in again...");
    await waitFor(() => expect(app.address()).toBe(`/login?${new URLSearchParams({ redirectTo: at })}`));
    expect(server.count(POST)).toBe(0);
    server.signIn();
    return renderApp(at, server);
  }
  if (fault === "no answer in time") await vi.advanceTimersByTimeAsync(PAST_PATIENCE_MS);
  await expectNotice(...notice);
  expect(app.address()).toBe(at);
  // Only a request that got there reached the server.
  expect(server.count(POST)).toBe(fault === "no answer in time" ? 1 : 0);
  return app;
}

const heading = (name: string) => screen.findByRole("heading", { name, level: 1 });

/** The edit page's form of `intent` (each photo upload is its own form). */
function formOf(intent: string): HTMLElement {
  const field = document.querySelector(`form input[name="intent"][value="${intent}"]`);
  return field!.closest("form")!;
}

test.each(FAULTS)("edit dealer, %s: the fields stay as typed and say so; one more tap saves", async (fault) => {
  const { server, dealer } = detailsServer();
  let app = await renderApp(EDIT, server);
  await heading("Edit Dealer");
  const name = `Renamed through ${fault}`;
  const businessName = () => screen.getByLabelText("Business name *");
  await app.user.clear(businessName());
  await app.user.type(businessName(), name);
  const save = async () => app.user.click(await within(formOf("update")).findByRole("button", { name: "Save" }));
  app = await sendThrough(app, server, fault, {
    at: EDIT,
    notice: ["Error", "Failed to update dealer. Please try again."],
    send: save,
  });
  await heading("Edit Dealer");
  await waitFor(() => expect(businessName()).toHaveValue(name));
  await save();
  await heading("Dealer Details");
  await expectNotice("Dealer updated successfully!");
  expect(app.address()).toBe(PAGE);
  expect(server.count(POST, "update")).toBe(fault === "no answer in time" ? 2 : 1);
  expect(dealer().businessName).toBe(name);
});

test.each(FAULTS)("About, %s: the text stays and says so; one more tap saves it", async (fault) => {
  const { server, dealer, sent } = detailsServer();
  let app = await renderApp(EDIT, server);
  await heading("Edit Dealer");
  const text = `About through ${fault}`;
  const about = () => screen.getByRole("textbox", { name: "About" });
  await app.user.clear(about());
  await app.user.type(about(), text);
  const save = async () => app.user.click(await screen.findByRole("button", { name: "Save About" }));
  app = await sendThrough(app, server, fault, { at: EDIT, notice: ["Failed to update about section"], send: save });
  await heading("Edit Dealer");
  await waitFor(() => expect(about()).toHaveValue(text));
  await save();
  await expectNotice("About section updated successfully!");
  expect(app.address()).toBe(EDIT);
  expect(server.count(POST, "update")).toBe(fault === "no answer in time" ? 2 : 1);
  expect(sent.at(-1)?.get("save")).toBe("about");
  expect(dealer().aboutDescription).toBe(text);
});

for (const [intent, label, button, failed, success] of [
  [
    "profile-picture",
    "Profile picture",
    "Upload Picture",
    "Failed to update profile picture",
    "Profile picture updated successfully!",
  ],
  [
    "gallery-add",
    "Add a photo",
    "Add to Gallery",
    "Failed to add image to gallery",
    "Image added to gallery successfully!",
  ],
] as const) {
  test.each(FAULTS)(
    `${label}, %s: the chosen photo stays and it says so; one more tap uploads it once`,
    async (fault) => {
      const { server, dealer, sent } = detailsServer();
      let app = await renderApp(EDIT, server);
      await heading("Edit Dealer");
      const photo = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3])], "shop.jpg", { type: "image/jpeg" });
      const input = () => within(formOf(intent)).getByLabelText(label) as HTMLInputElement;
      choose(input(), photo);
      const upload = async () => app.user.click(await within(formOf(intent)).findByRole("button", { name: button }));
      app = await sendThrough(app, server, fault, { at: EDIT, notice: [failed], send: upload });
      await heading("Edit Dealer");
      // A file is never kept through sign-in: after an expired session it is chosen again.
      if (fault === "session expired") choose(input(), photo);
      else expect([...(input().files ?? [])].map((file) => file.name)).toEqual(["shop.jpg"]);
      await upload();
      await expectNotice(success);
      expect(server.count(POST, intent)).toBe(fault === "no answer in time" ? 2 : 1);
      expect((sent.at(-1)?.get("image") as File | null)?.name).toBe("shop.jpg");
      if (intent === "gallery-add") {
        // The repeat carries the same key: one photo more, not two.
        expect(new Set(sent.map((form) => form.get(SUBMISSION_KEY_FIELD))).size).toBe(1);
        expect(dealer().galleryImages).toHaveLength(4);
        expect(await screen.findAllByRole("button", { name: /^Remove photo / })).toHaveLength(4);
      } else {
        await screen.findByRole("img", { name: "Faults Agro, profile" });
      }
    },
  );
}

const FIRST = aDealer().galleryImages[0]!;
const REST = aDealer().galleryImages.slice(1);

test.each(FAULTS)(
  "gallery remove (confirm dialog), %s: the photo stays and it says so; one more tap removes that photo only",
  async (fault) => {
    const { server, dealer, sent } = detailsServer();
    const confirm = vi.fn(() => true);
    vi.stubGlobal("confirm", confirm);
    let app = await renderApp(EDIT, server);
    await heading("Edit Dealer");
    const first = aDealer().galleryThumbs[0];
    const remove = async () => app.user.click(await screen.findByRole("button", { name: "Remove photo 1" }));
    app = await sendThrough(app, server, fault, {
      at: EDIT,
      notice: ["Failed to remove image from gallery"],
      send: remove,
    });
    expect(await screen.findByRole("img", { name: "Gallery 1" })).toHaveAttribute("src", first);
    await remove();
    await expectNotice("Image removed from gallery successfully!");
    expect(confirm).toHaveBeenCalledWith(english("dealers:edit.removeConfirm"));
    expect(server.count(POST, "gallery-remove")).toBe(fault === "no answer in time" ? 2 : 1);
    expect(sent.every((form) => form.get("url") === FIRST)).toBe(true);
    expect(dealer().galleryImages).toEqual(REST);
    await waitFor(() => expect(screen.getAllByRole("button", { name: /^Remove photo / })).toHaveLength(2));
    expect(document.querySelector(`img[src="${first}"]`)).toBeNull();
  },
);

test.each(FAULTS)(
  "gallery remove (confirm page), %s: the page stays and says so; one more tap removes that photo only",
  async (fault) => {
    const { server, dealer, sent } = detailsServer();
    const at = `${PAGE}/remove-photo/0`;
    let app = await renderApp(at, server);
    await heading("Remove Photo");
    const first = aDealer().galleryThumbs[0];
    expect(screen.getByRole("img", { name: "Gallery 1 of Faults Agro" })).toHaveAttribute("src", first);
    const remove = async () => app.user.click(await screen.findByRole("button", { name: "Remove Photo" }));
    app = await sendThrough(app, server, fault, { at, notice: ["Failed to remove image from gallery"], send: remove });
    await heading("Remove Photo");
    await remove();
    await heading("Edit Dealer");
    await expectNotice("Image removed from gallery successfully!");
    expect(app.address()).toBe(EDIT);
    expect(server.count(POST, "gallery-remove")).toBe(fault === "no answer in time" ? 2 : 1);
    expect(sent.every((form) => form.get("url") === FIRST && form.get("confirm") === "yes")).toBe(true);
    expect(dealer().galleryImages).toEqual(REST);
    expect(screen.getAllByRole("button", { name: /^Remove photo / })).toHaveLength(2);
    expect(document.querySelector(`img[src="${first}"]`)).toBeNull();
  },
);
