// The dealers' pages as the component level's fake server answers them (the loaders' shapes in
// app/routes/dealers/*.tsx), the server's notices after a save (its toast cookie, read by the
// root's next answer), and the app's own fetch calls the dealer pages make (MSW).
import { http, HttpResponse } from "msw/http";
import { redirect } from "react-router";
import type { RootData } from "~/browser/root-data";
import type { ImportResultView } from "~/components/dealers/import-results";
import type { Toast } from "~/lib/toast";
import type { Dealer } from "~/models/dealer.schema";
import type { Fault } from "../../support/faults";
import { OFFICER, rootData } from "../support/app";
import { FakeServer, faultyAnswer, network, type ServerAnswer } from "../support/network";

export const DEALER_ID = 12;

/** The dealer whose page is edited: three gallery photos. */
export function aDealer(overrides: Partial<Dealer> = {}): Dealer {
  const photos = [1, 2, 3].map((n) => `/uploads/dealers/${DEALER_ID}/p${n}.jpg`);
  return {
    id: DEALER_ID,
    businessName: "Faults Agro",
    ownerFirstName: "Imran",
    ownerLastName: "Saleem",
    phone: "+92 300 1234567",
    email: null,
    street: "Shop 3, Grain Market",
    city: "Okara",
    state: "Punjab",
    postalCode: null,
    notes: null,
    aboutDescription: "Sells urea and DAP.",
    lat: "30.813800",
    lng: "73.453400",
    formattedAddress: "Shop 3, Grain Market, Okara, Punjab",
    locationApproximate: false,
    profilePictureUrl: null,
    profilePictureThumbUrl: null,
    galleryImages: photos,
    galleryThumbs: photos.map((url) => url.replace(".jpg", "-thumb.jpg")),
    createdById: OFFICER.id,
    createdAt: "2026-11-20T08:00:00.000Z",
    updatedAt: "2026-11-20T08:00:00.000Z",
    team: null,
    teamSetByHand: false,
    ...overrides,
  };
}

/** What /dealer-details/:id?edit=true's loader answers for `dealer` (app/routes/dealers/details.tsx). */
export function editPage(dealer: Dealer, uploadKey = "upload-key-1") {
  return { dealer, editing: true, mayEdit: true, uploadKey, teams: [], visits: null, visitsPaged: false };
}

/** What /dealer-details/:id/remove-photo/:index's loader answers (app/routes/dealers/remove-photo.tsx). */
export function removePhotoPage(dealer: Dealer, index: number) {
  return {
    dealerId: dealer.id,
    businessName: dealer.businessName,
    index,
    image: dealer.galleryImages[index]!,
    thumb: dealer.galleryThumbs[index]!,
  };
}

/** What /add-dealer's loader answers (app/routes/dealers/add.tsx). */
export const addPage = () => ({ submissionKey: "dealer-key-1", back: "/dealers", teams: [] });

/** What /dealers/import's loader answers: the form, or an import's result (app/routes/dealers/import.tsx). */
export const importPage = (result: ImportResultView | null = null) => ({ result });

/** What /dealers's loader answers: one dealer in the directory (app/routes/dealers/directory.tsx). */
export const directory = () => ({
  query: "",
  scope: null,
  total: 1,
  matching: 1,
  limit: 20,
  dealers: [
    {
      id: DEALER_ID,
      businessName: "Faults Agro",
      owner: "Imran Saleem",
      maskedPhone: "+92 300 ***4567",
      city: "Okara",
      lat: 30.8138,
      lng: 73.4534,
      thumbUrl: null,
    },
  ],
});

/** One imported row, as the import's result shows it. */
export const ONE_IMPORTED: ImportResultView = { total: 1, successful: 1, failed: 0, errors: [] };

export type DealerServer = FakeServer & {
  /** The server's answer to a save: to `to`, with `title` as the next page's notice (redirectWithToast). */
  redirectWithNotice(to: string, title: string): Response;
};

/**
 * The app's server for the dealer pages: `routes` as in `fakeServer`; the root answers the
 * signed-in officer (none once the session expired) and the notice of the last save, once, as
 * the server's toast cookie does.
 */
export function dealerServer(routes: Record<string, ServerAnswer>): DealerServer {
  let toast: Toast | null = null;
  const root = (): RootData => {
    const once = toast;
    toast = null;
    const user = server.signedOut ? null : OFFICER;
    return rootData({ user, toast: once });
  };
  const server = Object.assign(new FakeServer({ root, ...routes }), {
    redirectWithNotice(to: string, title: string): Response {
      toast = { type: "success", title };
      return redirect(to);
    },
  });
  return server;
}

export { choose } from "../support/files";

/** What the server answers the import's own calls, `reached` counting what got there. */
export type Calls = { uploads: number; imports: number };

/**
 * The import dialog's two calls (POST /api/upload, POST /api/dealers/import) on a server that
 * keeps what it is told: `fault`, when given, meets the first request to `faulty`. "no answer in
 * time" reaches the server and its answer never comes; "session expired" answers 401.
 */
export function importCalls(fault?: Fault, faulty?: "/api/upload" | "/api/dealers/import"): Calls {
  const calls: Calls = { uploads: 0, imports: 0 };
  const answers = {
    "/api/upload": () => {
      calls.uploads += 1;
      return HttpResponse.json({ uploadId: `upload-${calls.uploads}` }, { status: 201 });
    },
    "/api/dealers/import": () => {
      calls.imports += 1;
      return HttpResponse.json(ONE_IMPORTED);
    },
  } as const;
  let pending = fault;
  for (const path of ["/api/upload", "/api/dealers/import"] as const) {
    network.use(
      http.post(path, async () => {
        if (path !== faulty || pending === undefined) return answers[path]();
        const met = pending;
        pending = undefined;
        // With no answer in time, the request did reach the server.
        if (met === "no answer in time") answers[path]();
        return faultyAnswer(met);
      }),
    );
  }
  return calls;
}

/** The reverse geocoder Add Dealer's location asks (GET /api/geocode/reverse). */
export function geocoder(address: string): void {
  network.use(http.get("/api/geocode/reverse", () => HttpResponse.json({ address })));
}

/** `dealer` with `url` added to its gallery, as the server keeps it (the thumbnail at the same URL here). */
export function withGalleryPhoto(dealer: Dealer, url: string): Dealer {
  return { ...dealer, galleryImages: [...dealer.galleryImages, url], galleryThumbs: [...dealer.galleryThumbs, url] };
}

/** `dealer` without the gallery photo at `url` (and its thumbnail); as it was when there is none. */
export function withoutGalleryPhoto(dealer: Dealer, url: string): Dealer {
  const at = dealer.galleryImages.indexOf(url);
  if (at < 0) return dealer;
  return {
    ...dealer,
    galleryImages: dealer.galleryImages.filter((_, index) => index !== at),
    galleryThumbs: dealer.galleryThumbs.filter((_, index) => index !== at),
  };
}
