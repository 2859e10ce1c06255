import { lockForWrite, prisma, readRows, type RowOf, type RowShape } from "~/db.server";
import { sqlRows } from "~/models/rows.server";
import { Prisma } from "~/generated/prisma/client";
import { AppError } from "~/lib/app-error";
import { phoneKey } from "~/lib/phone";
import {
  type Dealer,
  type DealerCard,
  type DealerCursor,
  type DealerEditInput,
  type DealerInput,
  type DealerPatch,
  type DealerPin,
  GALLERY_FULL,
  GALLERY_MAX,
  INVALID_IMAGE,
} from "~/models/dealer.schema";
import { coordinatesText } from "~/lib/coordinates";
import { distanceKm } from "~/lib/location-quality";
import { reverseGeocode } from "~/models/geocode.server";
import { createOnce, type SubmissionKey } from "~/infra/idempotency.server";
import { storePhoto } from "~/models/media.server";
import { type ExpectedVersions, requireVersion, rowVersion } from "~/models/row-version.server";
import { loadTerritories } from "~/models/team.server";
import { territoryTeam } from "~/models/team.rules";
import { TEAM_NOT_FOUND } from "~/models/team.schema";
import { authorize, can } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { Viewer } from "~/models/team-scope.server";
import type { MessageKey } from "~/locales/namespaces";

export const DEALER_NOT_FOUND: MessageKey = "dealers:errors.dealerNotFound";
export const GALLERY_IMAGE_NOT_FOUND: MessageKey = "dealers:errors.galleryImageNotFound";
export const TEAM_NOT_YOURS: MessageKey = "dealers:errors.teamNotYours";

const galleryFull = () => new AppError(400, GALLERY_FULL, { field: "image" });
const invalidImage = () => new AppError(415, INVALID_IMAGE, { field: "image" });
const noImage = () => new AppError(400, INVALID_IMAGE, { field: "image" });

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
  locationApproximate: true,
  profilePictureUrl: true,
  profilePictureThumbUrl: true,
  createdById: true,
  createdAt: true,
  updatedAt: true,
  team: { select: { id: true, name: true } },
  teamSetByHand: true,
  galleryImages: { select: { id: true, url: true, thumbUrl: true }, orderBy: [{ position: "asc" }, { id: "asc" }] },
} satisfies Prisma.DealerSelect;

type DealerRow = Prisma.DealerGetPayload<{ select: typeof dealerSelect }>;

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

// A dealer's territory decides who changes it: its team's people, the managers of its team and
// the admins (the viewer's own people, homeAudience). A dealer of no team is in nobody's territory
// and anyone may change it, as before teams. Everyone reads every dealer.

/** Whether `viewer` may change the dealer: the policy's dealer.change, decided by its team. */
export async function mayChangeDealer(viewer: Viewer, dealer: Pick<Dealer, "team">): Promise<boolean> {
  return can(await policyViewer(viewer), "dealer.change", { teamId: dealer.team?.id ?? null });
}

/** The dealer, for a change by `viewer`: 404 when there is none, 403 when it is another team's. */
export async function requireDealerToChange(viewer: Viewer, id: number): Promise<Dealer> {
  const dealer = await requireDealer(id);
  authorize(await policyViewer(viewer), "dealer.change", { teamId: dealer.team?.id ?? null });
  return dealer;
}

/** Who writes a dealer: a signed-in user, or nobody (the seed, the sample import), who may choose any team. */
type Writer = Viewer | null;

/**
 * The dealer's team: the one the input names, set by hand (400 when there is no such team, 403
 * when the writer may not choose it: only their own team and those they lead, any for an admin);
 * left out, the `current` one when it was set by hand; else the team whose territory holds its
 * address (territoryTeam), or none.
 */
async function teamColumns(
  input: DealerInput,
  by: Writer,
  current?: Pick<Dealer, "team" | "teamSetByHand">,
): Promise<{ teamId: number | null; teamSetByHand: boolean }> {
  if (input.teamId === undefined && current?.teamSetByHand)
    return { teamId: current.team?.id ?? null, teamSetByHand: true };
  if (typeof input.teamId === "number") {
    const team = await prisma.team.findUnique({ where: { id: input.teamId }, select: { id: true } });
    if (!team) throw new AppError(400, TEAM_NOT_FOUND, { field: "teamId" });
    // Into a team whose dealers they may change: their own, one they lead, any for an admin.
    if (by && !can(await policyViewer(by), "dealer.change", { teamId: team.id }))
      throw new AppError(403, TEAM_NOT_YOURS, { field: "teamId" });
    return { teamId: team.id, teamSetByHand: true };
  }
  return { teamId: territoryTeam(await loadTerritories(), input), teamSetByHand: false };
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

// Lists are plain reads (readRows): Prisma takes about 400 ms to materialise 10,000 dealers. Rows
// become objects field by field; spreading and destructuring them costs as much again.

/** A dealer as lists show it (GET /api/dealers): the documented fields, without the creator and thumbnails. */
export type DealerListItem = Omit<Dealer, "createdById" | "profilePictureThumbUrl" | "galleryThumbs" | "teamSetByHand">;

/** `teamIds`: only the dealers of these teams (an officer's territory). */
type ListFilter = { query?: string; state?: string; teamIds?: number[]; limit?: number; after?: DealerCursor };

/** `%text%` for LIKE … ESCAPE '\': a typed % or _ is matched as itself. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The WHERE of a list: `state` keeps one province's; `query` matches business name, owner names,
 * city or phone (case-insensitive, as LIKE is for ASCII), and a number typed with spaces or
 * dashes ("0300 123") also matches its digits as stored; `after` starts after a page's last dealer.
 */
function listWhere({ query, state, teamIds, after }: ListFilter): Prisma.Sql {
  const conditions: Prisma.Sql[] = [];
  if (state) conditions.push(Prisma.sql`d.state = ${state}`);
  if (teamIds) conditions.push(teamIds.length > 0 ? Prisma.sql`d.teamId IN (${Prisma.join(teamIds)})` : Prisma.sql`0`);
  if (after) conditions.push(Prisma.sql`(d.businessName, d.id) > (${after.businessName}, ${after.id})`);
  const text = query?.trim();
  if (text) {
    const pattern = containsPattern(text);
    const matches = ["businessName", "ownerFirstName", "ownerLastName", "city", "phone"].map(
      (column) => Prisma.sql`${Prisma.raw(`d.${column}`)} LIKE ${pattern} ESCAPE '\\'`,
    );
    const digits = text.replace(/\D/g, "");
    if (/^[\d\s()+-]+$/.test(text) && digits.length >= 3 && digits !== text) {
      matches.push(Prisma.sql`d.phone LIKE ${containsPattern(digits)} ESCAPE '\\'`);
    }
    conditions.push(Prisma.sql`(${Prisma.join(matches, " OR ")})`);
  }
  return conditions.length > 0 ? Prisma.sql`WHERE ${Prisma.join(conditions, " AND ")}` : Prisma.empty;
}

/** Rows of `columns` (read as `shape`) by business name (the business-name index gives the order). */
function listRows<Shape extends RowShape>(shape: Shape, columns: Prisma.Sql, filter: ListFilter): RowOf<Shape>[] {
  return readRows(
    shape,
    Prisma.sql`
    SELECT ${columns} FROM Dealer d ${listWhere(filter)}
    ORDER BY d.businessName, d.id LIMIT ${filter.limit ?? -1}`,
  );
}

/** The columns of a map pin, which the whole list reads too. */
const PIN_COLUMNS = Prisma.sql`d.id, d.businessName, d.ownerFirstName, d.ownerLastName, d.phone, d.email, d.street,
  d.formattedAddress, d.city, d.state, d.lat, d.lng`;

type PinRow = RowOf<typeof sqlRows.dealerPin>;

/** A row of PIN_COLUMNS as the answers show it, field by field: the coordinates as `String(number)`. */
function dealerPin(row: PinRow): DealerPin {
  return {
    id: row.id,
    businessName: row.businessName,
    ownerFirstName: row.ownerFirstName,
    ownerLastName: row.ownerLastName,
    phone: row.phone,
    email: row.email,
    street: row.street,
    formattedAddress: row.formattedAddress,
    city: row.city,
    state: row.state,
    lat: String(row.lat),
    lng: String(row.lng),
  };
}

type ListOptions = Omit<ListFilter, "query">;

/** Dealers by business name, filtered by `query`, `state` and `teamIds` (see listWhere), with their galleries and teams. */
export function listDealers(query?: string, { limit, state, teamIds, after }: ListOptions = {}): DealerListItem[] {
  const rows = listRows(
    sqlRows.dealerListItem,
    Prisma.sql`${PIN_COLUMNS}, d.postalCode, d.notes, d.aboutDescription, d.locationApproximate, d.profilePictureUrl,
      d.createdAt, d.updatedAt, d.teamId, d.teamSetByHand,
      (SELECT t.name FROM Team t WHERE t.id = d.teamId) AS teamName,
      (SELECT json_group_array(i.url ORDER BY i.position, i.id) FROM DealerImage i WHERE i.dealerId = d.id) AS gallery`,
    { query, state, teamIds, limit, after },
  );
  // The pin's fields, then the rest added to the same object (a copy would cost as much again).
  return rows.map((row) =>
    Object.assign(dealerPin(row), {
      postalCode: row.postalCode,
      notes: row.notes,
      aboutDescription: row.aboutDescription,
      locationApproximate: row.locationApproximate,
      profilePictureUrl: row.profilePictureUrl,
      galleryImages: row.gallery === "[]" ? [] : (JSON.parse(row.gallery) as string[]),
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
      team: row.teamId === null ? null : { id: row.teamId, name: row.teamName ?? "" },
      teamSetByHand: row.teamSetByHand,
    }),
  );
}

/** The directory's cards: those matching `query`, of the `teamIds` teams when given. */
export function listDealerCards(query: string | undefined, limit: number, teamIds?: number[]): DealerCard[] {
  return listRows(
    sqlRows.dealerCard,
    Prisma.sql`d.id, d.businessName, d.ownerFirstName, d.ownerLastName, d.phone, d.city, d.state, d.lat, d.lng, d.profilePictureThumbUrl`,
    { query, limit, teamIds },
  );
}

/** A dealer offered for a visit plan: where it is, and whether it is in the officer's territory. */
export type NearbyDealer = Pick<DealerCard, "id" | "businessName" | "city"> & {
  lat: number;
  lng: number;
  inTerritory: boolean;
};

/**
 * Dealers matching `query` (as in the directory, through every dealer), those of the `territory`
 * teams first, then nearest to `near` (by a flat-earth distance, which orders places within a
 * province as the great circle does), else by name.
 */
export function listDealersNear({
  query,
  territory,
  near,
  limit,
}: {
  query?: string;
  territory: number[];
  near: { lat: number; lng: number } | null;
  limit: number;
}): NearbyDealer[] {
  const inTerritory =
    territory.length > 0
      ? Prisma.sql`(d.teamId IS NOT NULL AND d.teamId IN (${Prisma.join(territory)}))`
      : Prisma.sql`0`;
  const distance = near
    ? Prisma.sql`(d.lat - ${near.lat}) * (d.lat - ${near.lat}) + (d.lng - ${near.lng}) * (d.lng - ${near.lng}) * ${Math.cos((near.lat * Math.PI) / 180) ** 2},`
    : Prisma.empty;
  return readRows(
    sqlRows.dealerNear,
    Prisma.sql`
    SELECT d.id, d.businessName, d.city, d.lat, d.lng, ${inTerritory} AS inTerritory FROM Dealer d ${listWhere({ query })}
    ORDER BY inTerritory DESC, ${distance} d.businessName, d.id LIMIT ${limit}`,
  );
}

/** Every dealer (of one province with `state`) as a map pin, by business name: 10,000 pins stay a light answer. */
export function listDealerPins({ state, limit, after }: ListOptions = {}): DealerPin[] {
  return listRows(sqlRows.dealerPin, PIN_COLUMNS, { state, limit, after }).map(dealerPin);
}

/**
 * The most dealers the new-post form lists, nearest first; past it, the form offers a dealer
 * search. Fifty keep a phone's picker short and the page light to hydrate (decision 56).
 */
export const DEALER_OPTIONS_LIMIT = 50;

/** `distanceKm` from the place the list is ordered by, when it is. */
export type DealerOption = Pick<Dealer, "id" | "businessName" | "city"> & { distanceKm?: number };

const OPTION_COLUMNS = Prisma.sql`d.id, d.businessName, d.city`;

/** A place to order dealers from (the officer's, a post's). */
export type Place = { lat: number; lng: number };

/**
 * Dealers nearest `near` first (then by name), filtered as the lists are (`query`, `teamIds`),
 * each with its great-circle distance. SQL orders by the flat distance with longitude scaled by
 * the cosine of the latitude, which orders as the great circle does at a province's distances
 * and needs no trigonometry in SQLite; 10,000 dealers are one scan of a few milliseconds.
 */
export function listNearestDealers(
  near: Place,
  { query, teamIds, limit }: Pick<ListFilter, "query" | "teamIds" | "limit"> = {},
): Array<DealerOption & { distanceKm: number }> {
  const scale = Math.cos((near.lat * Math.PI) / 180);
  const rows = readRows(
    sqlRows.dealerOptionAt,
    Prisma.sql`
    SELECT ${OPTION_COLUMNS}, d.lat, d.lng FROM Dealer d ${listWhere({ query, teamIds })}
    ORDER BY (d.lat - ${near.lat}) * (d.lat - ${near.lat}) + (d.lng - ${near.lng}) * (d.lng - ${near.lng}) * ${scale * scale},
      d.businessName, d.id
    LIMIT ${limit ?? -1}`,
  );
  return rows.map(({ id, businessName, city, lat, lng }) => ({
    id,
    businessName,
    city,
    distanceKm: distanceKm(near, { lat, lng }),
  }));
}

/**
 * The new-post form's dealer selector: up to DEALER_OPTIONS_LIMIT dealers, nearest `near` first
 * when there is a place, else by name (those matching `query`, as in the directory), the
 * `chosenId` dealer among them when it exists, and `total`, how many dealers there are. Listing
 * all 10,000 would make the page 95 KiB gzipped and seconds of work for a phone.
 */
export function listDealerOptions({ query, chosenId, near }: { query?: string; chosenId?: number; near?: Place } = {}) {
  const options: DealerOption[] = near
    ? listNearestDealers(near, { query, limit: DEALER_OPTIONS_LIMIT })
    : listRows(sqlRows.dealerOption, OPTION_COLUMNS, { query, limit: DEALER_OPTIONS_LIMIT });
  const chosen =
    chosenId === undefined
      ? null
      : (options.find((option) => option.id === chosenId) ??
        readRows(
          sqlRows.dealerOption,
          Prisma.sql`SELECT ${OPTION_COLUMNS} FROM Dealer d WHERE d.id = ${chosenId}`,
        )[0] ??
        null);
  const withChosen = chosen && !options.includes(chosen) ? [chosen, ...options] : options;
  return { options: withChosen, total: countDealers(), chosen };
}

/** How many dealers match `query`, `state` and `teamIds` (all of them without any). */
export function countDealers(query?: string, state?: string, teamIds?: number[]): number {
  const [row] = readRows(
    sqlRows.count,
    Prisma.sql`SELECT COUNT(*) AS count FROM Dealer d ${listWhere({ query, state, teamIds })}`,
  );
  return row?.count ?? 0;
}

export async function getDealer(id: number): Promise<Dealer | null> {
  if (!Number.isSafeInteger(id) || id < 1) return null;
  const row = await prisma.dealer.findUnique({ where: { id }, select: dealerSelect });
  return row ? toDealer(row) : null;
}

/** The dealers of these ids that exist, as GET /api/dealers/{id} answers them. */
export async function getDealers(ids: number[]): Promise<Dealer[]> {
  const rows = await prisma.dealer.findMany({ where: { id: { in: ids } }, select: dealerSelect });
  return rows.map(toDealer);
}

/** The dealer, or an AppError 404. */
export async function requireDealer(id: number): Promise<Dealer> {
  const dealer = await getDealer(id);
  if (!dealer) throw new AppError(404, DEALER_NOT_FOUND);
  return dealer;
}

/** Coordinates typed without an address (no JavaScript, or an API client) are looked up, else shown as text. */
async function withAddress(input: DealerInput): Promise<DealerInput> {
  if (input.formattedAddress) return input;
  const found = await reverseGeocode(input.lat, input.lng).catch(() => null);
  return { ...input, formattedAddress: found ?? coordinatesText(input.lat, input.lng) };
}

/** How the dealer's place was had: `approximate` when placed from its typed address, not a pin. */
type Placement = { approximate: boolean };
const PINNED: Placement = { approximate: false };

/**
 * Adds a dealer; a repeat of the same submission (the creator's idempotency key with the same
 * fields) adds nothing and answers the first dealer, `replayed`; the key with other fields is
 * refused (422).
 */
export async function createDealer(
  input: DealerInput,
  createdBy: Writer,
  key?: SubmissionKey,
  placement = PINNED,
): Promise<{ dealer: Dealer; replayed: boolean }> {
  const createdById = createdBy?.id ?? null;
  const { value: row, replayed } = await createOnce(
    key,
    { input, placement },
    (value) =>
      prisma.dealer.findFirst({
        where: { createdById, idempotencyKey: value },
        select: { ...dealerSelect, requestHash: true },
      }),
    async (keyed) =>
      prisma.dealer.create({
        data: {
          ...dealerColumns(await withAddress(input)),
          ...(await teamColumns(input, createdBy)),
          locationApproximate: placement.approximate,
          createdById,
          ...keyed,
        },
        select: dealerSelect,
      }),
  );
  return { dealer: toDealer(row), replayed };
}

/** The dealer's version (its ETag): it changes with every change to what GET answers of it. */
export function dealerVersion(dealer: Dealer): string {
  return rowVersion(dealer);
}

export const DEALER_CHANGED: MessageKey = "dealers:errors.dealerChanged";
const DEALER_BUSY: MessageKey = "dealers:errors.dealerBusy";

/** The dealer's fields as an input, to change some of them; its team is left out (kept or chosen anew as teamColumns says). */
function inputOf(dealer: Dealer): DealerInput {
  return {
    businessName: dealer.businessName,
    ownerFirstName: dealer.ownerFirstName,
    ownerLastName: dealer.ownerLastName,
    phone: dealer.phone,
    email: dealer.email,
    street: dealer.street,
    city: dealer.city,
    state: dealer.state as DealerInput["state"],
    postalCode: dealer.postalCode,
    notes: dealer.notes,
    lat: Number(dealer.lat),
    lng: Number(dealer.lng),
    formattedAddress: dealer.formattedAddress,
  };
}

/**
 * The columns `input` writes over `current`. An unmoved dealer sent without an address keeps the
 * one it has (unless that is only its coordinates): a new lookup could only say the same, or,
 * with the geocoder down, replace it with the coordinates. A place from the address stays
 * approximate until someone moves the pin.
 */
async function changedColumns(current: Dealer, input: DealerInput | DealerEditInput, placement: Placement, by: Viewer) {
  const samePlace = Number(current.lat) === input.lat && Number(current.lng) === input.lng;
  const kept = current.formattedAddress;
  const keepAddress =
    samePlace && !input.formattedAddress && kept !== null && kept !== coordinatesText(input.lat, input.lng);
  const about =
    "aboutDescription" in input && input.aboutDescription !== undefined
      ? { aboutDescription: input.aboutDescription || null }
      : {};
  return {
    ...dealerColumns(keepAddress ? { ...input, formattedAddress: kept } : await withAddress(input)),
    ...(await teamColumns(input, by, current)),
    ...about,
    locationApproximate: placement.approximate || (current.locationApproximate && samePlace),
  };
}

/**
 * Writes what `change` makes of the dealer as it is now. The write is made only if the dealer is
 * still as read (its version, checked under the write lock): with `expected` versions (If-Match)
 * a dealer changed meanwhile is refused (412); without, the change is made again on what is there
 * now, so a change of some fields never writes back stale values of the others.
 */
async function saveDealer(
  by: Viewer,
  id: number,
  change: (current: Dealer) => DealerInput | DealerEditInput,
  placement: Placement,
  expected: ExpectedVersions,
): Promise<Dealer> {
  for (let attempt = 0; attempt < 3; attempt++) {
    // The version check below makes sure the dealer written is the one whose team was checked.
    const current = await requireDealerToChange(by, id);
    const version = dealerVersion(current);
    requireVersion(version, expected, DEALER_CHANGED);
    // Lookups (geocoder, teams) happen before the transaction, which must not wait for I/O.
    const data = await changedColumns(current, change(current), placement, by);
    const row = await prisma.$transaction(async (tx) => {
      await lockForWrite(tx);
      const now = await tx.dealer.findUnique({ where: { id }, select: dealerSelect });
      if (!now) throw new AppError(404, DEALER_NOT_FOUND);
      if (dealerVersion(toDealer(now)) !== version) return null;
      return tx.dealer.update({ where: { id }, data, select: dealerSelect });
    });
    if (row) return toDealer(row);
    // Changed since it was read: a conditional write is refused, any other made again.
    if (expected) throw new AppError(412, DEALER_CHANGED);
  }
  throw new AppError(409, DEALER_BUSY);
}

/**
 * Replaces the dealer's fields (omitted optional ones are cleared); with `aboutDescription` (Edit
 * Dealer's form), its About too, in the same write. `by` must be one who may change it (403).
 */
export function updateDealer(
  by: Viewer,
  id: number,
  input: DealerInput | DealerEditInput,
  placement = PINNED,
  expected?: ExpectedVersions,
): Promise<Dealer> {
  return saveDealer(by, id, () => input, placement, expected);
}

/**
 * Changes only the fields `patch` names (`null` clears an optional one). A moved dealer whose
 * patch names no address gets the address of its new place, and is a pin again.
 */
export async function patchDealer(
  by: Viewer,
  id: number,
  patch: DealerPatch,
  expected?: ExpectedVersions,
): Promise<Dealer> {
  const sent = Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)) as DealerPatch;
  if (Object.keys(sent).length === 0) {
    // Nothing to change: no write (which would change updatedAt, and so the version).
    const current = await requireDealerToChange(by, id);
    requireVersion(dealerVersion(current), expected, DEALER_CHANGED);
    return current;
  }
  return saveDealer(
    by,
    id,
    (current) => {
      const input: DealerEditInput = { ...inputOf(current), ...sent } as DealerEditInput;
      const moved = input.lat !== Number(current.lat) || input.lng !== Number(current.lng);
      return moved && sent.formattedAddress === undefined ? { ...input, formattedAddress: undefined } : input;
    },
    PINNED,
    expected,
  );
}

export async function updateAbout(
  by: Viewer,
  id: number,
  aboutDescription: string | null | undefined,
): Promise<Dealer> {
  await requireDealerToChange(by, id);
  const row = await prisma.dealer.update({
    where: { id },
    data: { aboutDescription: aboutDescription || null },
    select: dealerSelect,
  });
  return toDealer(row);
}

/** Re-encodes the photo (type from its bytes) and makes it the dealer's picture, counted in the user's daily upload quota; no photo is a 400. */
export async function setProfilePicture(by: Viewer, id: number, bytes: Uint8Array | null): Promise<Dealer> {
  const userId = by.id;
  await requireDealerToChange(by, id);
  if (!bytes) throw noImage();
  const image = await storePhoto(userId, bytes, "dealers", invalidImage());
  const row = await prisma.dealer.update({
    where: { id },
    data: { profilePictureUrl: image.url, profilePictureThumbUrl: image.thumbUrl },
    select: dealerSelect,
  });
  return toDealer(row);
}

/**
 * Adds `userId`'s photo at the end of the gallery, counted in their daily upload quota; at most
 * GALLERY_MAX; no photo is a 400. A repeat of the same upload (the uploader's idempotency key,
 * same dealer and bytes) adds nothing, `replayed`; the key with another dealer or photo is refused (422).
 */
export async function addGalleryImage(
  by: Viewer,
  id: number,
  bytes: Uint8Array | null,
  key?: SubmissionKey,
): Promise<{ dealer: Dealer; replayed: boolean }> {
  const userId = by.id;
  const dealer = await requireDealerToChange(by, id);
  const { replayed } = await createOnce(
    key,
    { dealerId: id, image: bytes },
    (value) =>
      prisma.dealerImage.findFirst({
        where: { createdById: userId, idempotencyKey: value },
        select: { id: true, requestHash: true },
      }),
    async (keyed) => {
      if (!bytes) throw noImage();
      // Refuse before spending time on the image; checked again inside the transaction.
      if (dealer.galleryImages.length >= GALLERY_MAX) throw galleryFull();
      const image = await storePhoto(userId, bytes, "dealers", invalidImage());
      return prisma.$transaction(async (tx) => {
        const images = await tx.dealerImage.findMany({ where: { dealerId: id }, select: { position: true } });
        if (images.length >= GALLERY_MAX) throw galleryFull();
        const position = images.reduce((max, image) => Math.max(max, image.position + 1), 0);
        return tx.dealerImage.create({
          data: { dealerId: id, url: image.url, thumbUrl: image.thumbUrl, position, createdById: userId, ...keyed },
          select: { id: true },
        });
      });
    },
  );
  return { dealer: await requireDealer(id), replayed };
}

/**
 * Removes the photo at `index` (0-based, in the order galleryImages lists them). Given its `url`
 * too (the page's form sends it), removes the photo with that url wherever it now is, and one
 * already gone counts as removed: a retry never removes the photo that moved into its place.
 */
export async function removeGalleryImage(by: Viewer, id: number, index: number, url?: string): Promise<Dealer> {
  await requireDealerToChange(by, id);
  await prisma.$transaction(async (tx) => {
    const images = await tx.dealerImage.findMany({
      where: { dealerId: id },
      select: { id: true, url: true },
      orderBy: [{ position: "asc" }, { id: "asc" }],
    });
    if (url !== undefined) {
      const named = images.find((image) => image.url === url);
      if (named) await tx.dealerImage.delete({ where: { id: named.id } });
      return;
    }
    const image = Number.isSafeInteger(index) && index >= 0 ? images[index] : undefined;
    if (!image) throw new AppError(404, GALLERY_IMAGE_NOT_FOUND);
    await tx.dealerImage.delete({ where: { id: image.id } });
  });
  return requireDealer(id);
}

/**
 * The import's duplicate rule: same business name (case and spacing ignored) and the
 * same phone number; without a phone, the same business name and city.
 */
export function duplicateKey(dealer: { businessName: string; phone?: string | null; city: string }): string {
  const name = dealer.businessName.trim().toLowerCase().replace(/\s+/g, " ");
  const phone = phoneKey(dealer.phone);
  return phone ? `${name}|phone:${phone}` : `${name}|city:${dealer.city.trim().toLowerCase().replace(/\s+/g, " ")}`;
}
