import { prisma } from "~/db.server";
import type { Prisma } from "~/generated/prisma/client";
import { phoneKey } from "~/lib/phone";
import { type DealerInput, GALLERY_FULL, GALLERY_MAX } from "~/models/dealer.schema";
import { coordinatesText, reverseGeocode } from "~/models/geocode.server";
import { processImage } from "~/models/image.server";
import { metricsChanged } from "~/models/metrics.server";

// The dealer directory's rules and database access. Pages and /api calls both come here.

export class DealerNotFoundError extends Error {
  constructor() {
    super("Dealer not found.");
  }
}
export class GalleryFullError extends Error {
  constructor() {
    super(GALLERY_FULL);
  }
}
export class GalleryImageNotFoundError extends Error {
  constructor() {
    super("Image not found in the gallery.");
  }
}

const dealerSelect = {
  id: true,
  businessName: true,
  ownerFirstName: true,
  ownerLastName: true,
  phone: true,
  email: true,
  street: true,
  city: true,
  state: true,
  postalCode: true,
  notes: true,
  aboutDescription: true,
  lat: true,
  lng: true,
  formattedAddress: true,
  profilePictureUrl: true,
  profilePictureThumbUrl: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  galleryImages: { select: { id: true, url: true, thumbUrl: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.DealerSelect;

type DealerRow = Prisma.DealerGetPayload<{ select: typeof dealerSelect }>;

/** A dealer as pages and the API see it: coordinates as strings (the spec's shape), gallery as URLs. */
export type Dealer = Omit<DealerRow, "lat" | "lng" | "galleryImages" | "createdAt" | "updatedAt"> & {
  lat: string;
  lng: string;
  galleryImages: string[];
  galleryThumbs: string[];
  createdAt: string;
  updatedAt: string;
};

function toDealer(row: DealerRow): Dealer {
  const { galleryImages, lat, lng, createdAt, updatedAt, ...rest } = row;
  return {
    ...rest,
    lat: String(lat),
    lng: String(lng),
    galleryImages: galleryImages.map((image) => image.url),
    galleryThumbs: galleryImages.map((image) => image.thumbUrl ?? image.url),
    createdAt: createdAt.toISOString(),
    updatedAt: updatedAt.toISOString(),
  };
}

/** Columns of an input, with emptied optional fields cleared. */
function dealerColumns(input: DealerInput) {
  return {
    businessName: input.businessName,
    ownerFirstName: input.ownerFirstName || null,
    ownerLastName: input.ownerLastName || null,
    phone: input.phone || null,
    email: input.email || null,
    street: input.street,
    city: input.city,
    state: input.state,
    postalCode: input.postalCode || null,
    notes: input.notes || null,
    lat: input.lat,
    lng: input.lng,
    formattedAddress: input.formattedAddress || null,
  };
}

export type DealerCard = Pick<Dealer, "id" | "businessName" | "ownerFirstName" | "ownerLastName" | "phone" | "city" | "state" | "profilePictureThumbUrl">;

function searchWhere(query?: string, state?: string): Prisma.DealerWhereInput | undefined {
  if (state) return { AND: [{ state }, searchWhere(query) ?? {}] };
  const text = query?.trim();
  if (!text) return undefined;
  const digits = text.replace(/\D/g, "");
  return {
    OR: [
      { businessName: { contains: text } },
      { ownerFirstName: { contains: text } },
      { ownerLastName: { contains: text } },
      { city: { contains: text } },
      { phone: { contains: text } },
      // A number typed with spaces or dashes ("0300 123") also matches its digits as stored.
      ...(/^[\d\s()+-]+$/.test(text) && digits.length >= 3 && digits !== text ? [{ phone: { contains: digits } }] : []),
    ],
  };
}

/**
 * Dealers by business name; `query` matches business name, owner names, city or phone;
 * `state` keeps one province's (the map's filter).
 */
export async function listDealers(query?: string, { limit, state }: { limit?: number; state?: string } = {}): Promise<Dealer[]> {
  const where = searchWhere(query, state);
  // The galleries in a second statement: loaded as a relation, 10,000 dealers took seconds.
  const { galleryImages: _, ...columns } = dealerSelect;
  const rows = await prisma.dealer.findMany({ where, select: columns, orderBy: [{ businessName: "asc" }, { id: "asc" }], take: limit });
  const images = await prisma.dealerImage.findMany({
    where: limit === undefined ? { dealer: where } : { dealerId: { in: rows.map((row) => row.id) } },
    select: { dealerId: true, ...dealerSelect.galleryImages.select },
    orderBy: [{ dealerId: "asc" }, ...dealerSelect.galleryImages.orderBy],
  });
  const galleries = new Map<number, DealerRow["galleryImages"]>();
  for (const { dealerId, ...image } of images) galleries.set(dealerId, [...(galleries.get(dealerId) ?? []), image]);
  return rows.map((row) => toDealer({ ...row, galleryImages: galleries.get(row.id) ?? [] }));
}

/** The most dealers the new-post form lists; past it, the form offers a dealer search. */
export const DEALER_OPTIONS_LIMIT = 200;

const optionSelect = { id: true, businessName: true, city: true } as const;

/**
 * The new-post form's dealer selector: up to DEALER_OPTIONS_LIMIT dealers by name (those
 * matching `query`, as in the directory), the `chosenId` dealer among them when it exists, and
 * `total`, how many dealers there are. Listing 10,000 dealers made the page 95 KiB gzipped and
 * seconds of work for a phone.
 */
export async function listDealerOptions({ query, chosenId }: { query?: string; chosenId?: number } = {}) {
  const [options, total, chosen] = await Promise.all([
    prisma.dealer.findMany({ where: searchWhere(query), select: optionSelect, orderBy: [{ businessName: "asc" }, { id: "asc" }], take: DEALER_OPTIONS_LIMIT }),
    prisma.dealer.count(),
    chosenId === undefined ? null : prisma.dealer.findUnique({ where: { id: chosenId }, select: optionSelect }),
  ]);
  const withChosen = chosen && !options.some((option) => option.id === chosen.id) ? [chosen, ...options] : options;
  return { options: withChosen, total, chosen };
}

/** A dealer as a map marker and its info window need it: a few columns, no gallery. */
export type DealerPin = Pick<
  Dealer,
  "id" | "businessName" | "ownerFirstName" | "ownerLastName" | "phone" | "email" | "street" | "formattedAddress" | "city" | "state" | "lat" | "lng"
>;

/** Every dealer (of one province with `state`) as a map pin: 10,000 pins stay a light answer. */
export async function listDealerPins(state?: string): Promise<DealerPin[]> {
  const rows = await prisma.dealer.findMany({
    where: state ? { state } : undefined,
    select: {
      id: true,
      businessName: true,
      ownerFirstName: true,
      ownerLastName: true,
      phone: true,
      email: true,
      street: true,
      formattedAddress: true,
      city: true,
      state: true,
      lat: true,
      lng: true,
    },
    orderBy: { id: "asc" },
  });
  return rows.map((row) => ({ ...row, lat: String(row.lat), lng: String(row.lng) }));
}

/** How many dealers match `query` (all of them without one). */
export async function countDealers(query?: string, state?: string): Promise<number> {
  return prisma.dealer.count({ where: searchWhere(query, state) });
}

export async function getDealer(id: number): Promise<Dealer | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await prisma.dealer.findUnique({ where: { id }, select: dealerSelect });
  return row ? toDealer(row) : null;
}

async function requireDealer(id: number): Promise<Dealer> {
  const dealer = await getDealer(id);
  if (!dealer) throw new DealerNotFoundError();
  return dealer;
}

/** Coordinates typed without an address (no JavaScript, or an API client) are looked up, else shown as text. */
async function withAddress(input: DealerInput): Promise<DealerInput> {
  if (input.formattedAddress) return input;
  const found = await reverseGeocode(input.lat, input.lng).catch(() => null);
  return { ...input, formattedAddress: found ?? coordinatesText(input.lat, input.lng) };
}

export async function createDealer(input: DealerInput, createdById: number | null): Promise<Dealer> {
  const row = await prisma.dealer.create({ data: { ...dealerColumns(await withAddress(input)), createdById }, select: dealerSelect });
  // "Dealers created" is one of the rankings' figures.
  metricsChanged();
  return toDealer(row);
}

export async function updateDealer(id: number, input: DealerInput): Promise<Dealer> {
  await requireDealer(id);
  const row = await prisma.dealer.update({ where: { id }, data: dealerColumns(await withAddress(input)), select: dealerSelect });
  return toDealer(row);
}

export async function updateAbout(id: number, aboutDescription: string | undefined): Promise<Dealer> {
  await requireDealer(id);
  const row = await prisma.dealer.update({ where: { id }, data: { aboutDescription: aboutDescription || null }, select: dealerSelect });
  return toDealer(row);
}

/** Re-encodes the photo (type from its bytes) and makes it the dealer's picture. */
export async function setProfilePicture(id: number, bytes: Uint8Array): Promise<Dealer> {
  await requireDealer(id);
  const image = await processImage(bytes, "dealers");
  const row = await prisma.dealer.update({
    where: { id },
    data: { profilePictureUrl: image.url, profilePictureThumbUrl: image.thumbUrl },
    select: dealerSelect,
  });
  return toDealer(row);
}

/** Adds a photo at the end of the gallery; at most GALLERY_MAX. */
export async function addGalleryImage(id: number, bytes: Uint8Array): Promise<Dealer> {
  const dealer = await requireDealer(id);
  // Refuse before spending time on the image; checked again inside the transaction.
  if (dealer.galleryImages.length >= GALLERY_MAX) throw new GalleryFullError();
  const image = await processImage(bytes, "dealers");
  await prisma.$transaction(async (tx) => {
    const images = await tx.dealerImage.findMany({ where: { dealerId: id }, select: { position: true } });
    if (images.length >= GALLERY_MAX) throw new GalleryFullError();
    const position = images.reduce((max, image) => Math.max(max, image.position + 1), 0);
    await tx.dealerImage.create({ data: { dealerId: id, url: image.url, thumbUrl: image.thumbUrl, position } });
  });
  return requireDealer(id);
}

/** Removes the photo at `index` (0-based, in the order galleryImages lists them). */
export async function removeGalleryImage(id: number, index: number): Promise<Dealer> {
  await requireDealer(id);
  await prisma.$transaction(async (tx) => {
    const images = await tx.dealerImage.findMany({
      where: { dealerId: id },
      select: { id: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    const image = Number.isSafeInteger(index) && index >= 0 ? images[index] : undefined;
    if (!image) throw new GalleryImageNotFoundError();
    await tx.dealerImage.delete({ where: { id: image.id } });
  });
  return requireDealer(id);
}

/**
 * The duplicate rule (decisions.md §8): same business name (case and spacing ignored) and the
 * same phone number; without a phone, the same business name and city.
 */
export function duplicateKey(dealer: { businessName: string; phone?: string | null; city: string }): string {
  const name = dealer.businessName.trim().toLowerCase().replace(/\s+/g, " ");
  const phone = phoneKey(dealer.phone);
  return phone ? `${name}|phone:${phone}` : `${name}|city:${dealer.city.trim().toLowerCase().replace(/\s+/g, " ")}`;
}
