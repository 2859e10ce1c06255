import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { resetDatabase } from "../../tests/support/db";
import { prisma } from "~/db.server";
import {
  addGalleryImage,
  createDealer,
  DEALER_NOT_FOUND,
  DEALER_OPTIONS_LIMIT,
  duplicateKey,
  GALLERY_IMAGE_NOT_FOUND,
  countDealers,
  DEALER_CHANGED,
  dealerVersion,
  getDealer,
  listDealerCards,
  listDealerOptions,
  listDealerPins,
  listDealers,
  listNearestDealers,
  patchDealer,
  removeGalleryImage,
  setProfilePicture,
  updateAbout,
  updateDealer,
} from "~/models/dealer.server";
import { AppError } from "~/lib/app-error";
import { GALLERY_FULL, INVALID_IMAGE } from "~/models/dealer.schema";
import { KEY_REUSED, type SubmissionKey } from "~/infra/idempotency.server";

beforeEach(resetDatabase);

const base = {
  street: "Shop 3, Grain Market",
  city: "Okara",
  state: "Punjab" as const,
  lat: 30.81,
  lng: 73.45,
  formattedAddress: "Okara, Punjab, Pakistan",
};
/** The officer who sends the dealers' photos (counted in their daily upload quota), in no team as every dealer here is. */
const uploader = () =>
  prisma.user.upsert({
    where: { username: "photo.officer" },
    create: { username: "photo.officer", email: "photo@example.pk", passwordHash: "x" },
    update: {},
    select: { id: true, role: true, teamId: true },
  });
/** An officer in no team: anyone may change a dealer of no team. */
const editor = { id: 0, role: "OFFICER", teamId: null };
const image = (shade: number) =>
  sharp({ create: { width: 20, height: 20, channels: 3, background: { r: shade, g: 0, b: 0 } } })
    .png()
    .toBuffer();

describe("dealers", () => {
  it("searches business name, owner, city and phone (typed with spaces or dashes)", async () => {
    await createDealer(
      { ...base, businessName: "Madina Khad Store", ownerFirstName: "Sajid", phone: "+92 300 1234567" },
      null,
    );
    await createDealer({ ...base, businessName: "Chenab Agro Traders", city: "Jhang", phone: "0301-7654321" }, null);
    const names = (query: string) => listDealers(query).map((dealer) => dealer.businessName);
    expect(names("madina")).toEqual(["Madina Khad Store"]);
    expect(names("sajid")).toEqual(["Madina Khad Store"]);
    expect(names("jhang")).toEqual(["Chenab Agro Traders"]);
    expect(names("7654321")).toEqual(["Chenab Agro Traders"]);
    expect(names("")).toEqual(["Chenab Agro Traders", "Madina Khad Store"]);
  });

  it("matches a typed % or _ as itself, and filters by province as well", async () => {
    await createDealer({ ...base, businessName: "50% Off Seeds" }, null);
    await createDealer({ ...base, businessName: "500 Bags Store", state: "Sindh", city: "Hyderabad" }, null);
    await createDealer({ ...base, businessName: "Al_Noor Traders" }, null);
    const names = (query: string, state?: string) => listDealers(query, { state }).map((dealer) => dealer.businessName);
    expect(names("50%")).toEqual(["50% Off Seeds"]);
    expect(names("_")).toEqual(["Al_Noor Traders"]);
    expect(names("50", "Sindh")).toEqual(["500 Bags Store"]);
    expect(countDealers("50", "Sindh")).toBe(1);
    expect(countDealers("50")).toBe(2);
    expect(countDealers()).toBe(3);
  });

  it("lists the documented fields with the gallery in order; cards and pins by business name, within a limit", async () => {
    const { dealer: zafar } = await createDealer(
      {
        ...base,
        businessName: "Zafar Traders",
        ownerFirstName: "Zafar",
        phone: "0300 1112223",
        lat: 31.12345678901234,
      },
      null,
    );
    await createDealer({ ...base, businessName: "Ali Agro", state: "Sindh", city: "Sukkur" }, null);
    await addGalleryImage(await uploader(), zafar.id, await image(30));
    const { dealer: withPhoto } = await addGalleryImage(await uploader(), zafar.id, await image(60));

    const [ali, listed] = listDealers();
    expect(ali?.businessName).toBe("Ali Agro");
    const { createdById: _, profilePictureThumbUrl: __, galleryThumbs: ___, ...documented } = withPhoto;
    expect(listed).toEqual(documented);
    // JavaScript's shortest exact text of the number (SQLite's own text would keep 15 digits).
    expect(listed?.lat).toBe("31.12345678901234");
    expect(listed?.galleryImages).toHaveLength(2);

    expect(listDealers(undefined, { limit: 1 }).map((dealer) => dealer.businessName)).toEqual(["Ali Agro"]);
    expect(listDealerCards("zafar", 50)).toEqual([
      {
        id: zafar.id,
        businessName: "Zafar Traders",
        ownerFirstName: "Zafar",
        ownerLastName: null,
        phone: "0300 1112223",
        city: "Okara",
        state: "Punjab",
        lat: 31.12345678901234,
        lng: 73.45,
        profilePictureThumbUrl: null,
      },
    ]);
    expect(listDealerPins().map((pin) => pin.businessName)).toEqual(["Ali Agro", "Zafar Traders"]);
    expect(listDealerPins({ state: "Punjab", limit: 5 })).toEqual([
      expect.objectContaining({
        id: zafar.id,
        lat: "31.12345678901234",
        lng: "73.45",
        formattedAddress: "Okara, Punjab, Pakistan",
        street: base.street,
      }),
    ]);
  });

  it("pages after a cursor in business-name order, dealers of the same name by id", async () => {
    for (const name of ["Bilal Traders", "Awan Agro", "Bilal Traders", "Chaudhry Seeds"])
      await createDealer({ ...base, businessName: name }, null);
    const all = listDealers();
    const pages: number[][] = [];
    let after: { businessName: string; id: number } | undefined;
    for (;;) {
      const page = listDealers(undefined, { limit: 2, after });
      if (page.length === 0) break;
      pages.push(page.map((dealer) => dealer.id));
      after = page.at(-1);
    }
    expect(pages.flat()).toEqual(all.map((dealer) => dealer.id));
    expect(pages).toHaveLength(2);
    expect(listDealerPins({ limit: 1, after: all[1] }).map((pin) => pin.id)).toEqual([all[2]!.id]);
  });

  it("lists at most the limit of dealers for the new-post form, finds the others and keeps the chosen one", async () => {
    const count = DEALER_OPTIONS_LIMIT + 5;
    await prisma.dealer.createMany({
      data: Array.from({ length: count }, (_, i) => ({
        ...base,
        businessName: `Dealer ${String(i).padStart(4, "0")}`,
        city: i === count - 1 ? "Sahiwal" : base.city,
      })),
    });
    const last = await prisma.dealer.findFirstOrThrow({
      where: { businessName: `Dealer ${String(count - 1).padStart(4, "0")}` },
    });

    const all = listDealerOptions();
    expect(all.total).toBe(count);
    expect(all.options).toHaveLength(DEALER_OPTIONS_LIMIT);
    expect(all.options[0]).toEqual({ id: expect.any(Number), businessName: "Dealer 0000", city: "Okara" });
    expect(all.options.some((option) => option.id === last.id)).toBe(false);

    const chosen = listDealerOptions({ chosenId: last.id });
    expect(chosen.chosen?.id).toBe(last.id);
    expect(chosen.options[0]?.id).toBe(last.id);
    expect(chosen.options).toHaveLength(DEALER_OPTIONS_LIMIT + 1);

    expect(listDealerOptions({ query: "sahiwal" }).options.map((option) => option.id)).toEqual([last.id]);
    expect(listDealerOptions({ chosenId: 999_999 }).chosen).toBeNull();
  });

  it("lists dealers nearest a place first, with their distance, filtered as the lists are", async () => {
    // Lahore, then Kasur (about 50 km), then Okara (about 110 km), added in no order.
    for (const [businessName, city, lat, lng] of [
      ["Okara Seeds", "Okara", 30.8138, 73.4534],
      ["Lahore Agro", "Lahore", 31.5204, 74.3587],
      ["Kasur Khad", "Kasur", 31.1156, 74.4467],
    ] as const) {
      await createDealer({ ...base, businessName, city, lat, lng }, null);
    }
    const lahore = { lat: 31.55, lng: 74.34 };
    const nearest = listNearestDealers(lahore);
    expect(nearest.map((dealer) => dealer.businessName)).toEqual(["Lahore Agro", "Kasur Khad", "Okara Seeds"]);
    expect(nearest.map((dealer) => Math.round(dealer.distanceKm))).toEqual([4, 49, 118]);
    expect(listNearestDealers({ lat: 30.8, lng: 73.4 }, { limit: 1 }).map((dealer) => dealer.city)).toEqual(["Okara"]);
    expect(listNearestDealers(lahore, { query: "khad" }).map((dealer) => dealer.city)).toEqual(["Kasur"]);
    // The new-post selector orders by the place when it has one.
    expect(listDealerOptions({ near: { lat: 30.8, lng: 73.4 } }).options[0]?.businessName).toBe("Okara Seeds");
    expect(listDealerOptions().options[0]?.businessName).toBe("Kasur Khad");
  });

  it("looks up the address of coordinates given without one, else shows them as text", async () => {
    const { dealer } = await createDealer(
      { ...base, businessName: "No Address", formattedAddress: undefined, lat: 0, lng: 0 },
      null,
    );
    expect(dealer.formattedAddress).toBe("0.000000, 0.000000");
    expect(dealer.lat).toBe("0");
  });

  it("keeps at most 5 gallery photos and removes by 0-based index", async () => {
    const { dealer } = await createDealer({ ...base, businessName: "Gallery Shop" }, null);
    for (let n = 0; n < 5; n++) await addGalleryImage(await uploader(), dealer.id, await image(n * 50));
    await expect(addGalleryImage(await uploader(), dealer.id, await image(255))).rejects.toThrow(
      new AppError(400, GALLERY_FULL, { field: "image" }),
    );
    const before = (await getDealer(dealer.id))!.galleryImages;
    expect(before).toHaveLength(5);
    const after = await removeGalleryImage(editor, dealer.id, 0);
    expect(after.galleryImages).toEqual(before.slice(1));
    await expect(removeGalleryImage(editor, dealer.id, 4)).rejects.toThrow(new AppError(404, GALLERY_IMAGE_NOT_FOUND));
    await expect(removeGalleryImage(editor, dealer.id, -1)).rejects.toThrow(new AppError(404, GALLERY_IMAGE_NOT_FOUND));
    // A new photo goes to the end.
    const { dealer: added } = await addGalleryImage(await uploader(), dealer.id, await image(201));
    expect(added.galleryImages.slice(0, 4)).toEqual(before.slice(1));
  });

  it("adds a dealer and a gallery photo once per idempotency key; removes a named photo once", async () => {
    const user = await prisma.user.create({
      data: { username: "keyed.officer", email: "keyed@example.pk", passwordHash: "x", firstName: "K", lastName: "O" },
    });
    const key: SubmissionKey = { value: "a".repeat(32), from: "header" };
    const { dealer: first, replayed } = await createDealer({ ...base, businessName: "Keyed Traders" }, user, key);
    expect(replayed).toBe(false);
    expect(await createDealer({ ...base, businessName: "Keyed Traders" }, user, key)).toEqual({
      dealer: first,
      replayed: true,
    });
    expect(await prisma.dealer.count({ where: { businessName: "Keyed Traders" } })).toBe(1);

    expect((await addGalleryImage(user, first.id, await image(20), key)).replayed).toBe(false);
    expect((await addGalleryImage(user, first.id, await image(20), key)).replayed).toBe(true);
    const { dealer: two } = await addGalleryImage(user, first.id, await image(40));
    expect(two.galleryImages).toHaveLength(2);

    // A retry of "remove photo 1" whose first answer never came leaves photo 2 where it was.
    const [photo1, photo2] = two.galleryImages;
    expect((await removeGalleryImage(user, first.id, 0, photo1)).galleryImages).toEqual([photo2]);
    expect((await removeGalleryImage(user, first.id, 0, photo1)).galleryImages).toEqual([photo2]);
  });

  it("a gallery photo's key is its uploader's: another officer's same key adds their photo", async () => {
    const [ali, bilal] = await Promise.all(
      ["ali", "bilal"].map((name) =>
        prisma.user.create({ data: { username: name, email: `${name}@example.pk`, passwordHash: "x" } }),
      ),
    );
    const { dealer } = await createDealer({ ...base, businessName: "Shared Gallery" }, ali!);
    const key: SubmissionKey = { value: "s".repeat(32), from: "header" };
    expect((await addGalleryImage(ali!, dealer.id, await image(20), key)).replayed).toBe(false);
    const theirs = await addGalleryImage(bilal!, dealer.id, await image(90), key);
    expect(theirs.replayed).toBe(false);
    expect(theirs.dealer.galleryImages).toHaveLength(2);
  });

  it("a key used again by its user for another dealer, another photo or another place answers 422 and adds nothing", async () => {
    const user = await prisma.user.create({
      data: { username: "reuser", email: "reuser@example.pk", passwordHash: "x" },
    });
    const key: SubmissionKey = { value: "r".repeat(32), from: "header" };
    const { dealer } = await createDealer({ ...base, businessName: "Reused Traders" }, user, key);
    await expect(createDealer({ ...base, businessName: "Other Traders" }, user, key)).rejects.toThrow(
      new AppError(422, KEY_REUSED),
    );
    await expect(
      createDealer({ ...base, businessName: "Reused Traders" }, user, key, { approximate: true }),
    ).rejects.toThrow(new AppError(422, KEY_REUSED));
    const { dealer: other } = await createDealer({ ...base, businessName: "Second Shop" }, user);

    await addGalleryImage(user, dealer.id, await image(20), key);
    await expect(addGalleryImage(user, dealer.id, await image(60), key)).rejects.toThrow(new AppError(422, KEY_REUSED));
    await expect(addGalleryImage(user, other.id, await image(20), key)).rejects.toThrow(new AppError(422, KEY_REUSED));
    expect(await prisma.dealerImage.count()).toBe(1);
    expect(await prisma.dealer.count()).toBe(2);
  });

  it("re-encodes pictures as WebP and refuses what is not an image", async () => {
    const { dealer } = await createDealer({ ...base, businessName: "Picture Shop" }, null);
    const updated = await setProfilePicture(await uploader(), dealer.id, await image(10));
    expect(updated.profilePictureUrl).toMatch(/^\/files\/dealers\/[a-f0-9]{32}\.webp$/);
    await expect(setProfilePicture(await uploader(), dealer.id, Buffer.from("GIF89a"))).rejects.toThrow(
      new AppError(415, INVALID_IMAGE, { field: "image" }),
    );
    await expect(setProfilePicture(await uploader(), 999, await image(10))).rejects.toThrow(
      new AppError(404, DEALER_NOT_FOUND),
    );
    expect((await updateAbout(editor, dealer.id, "")).aboutDescription).toBeNull();
  });

  it("calls two dealers duplicates by name and phone, or name and city without a phone", () => {
    expect(duplicateKey({ businessName: " Madina  Khad Store ", phone: "0300-1234567", city: "Okara" })).toBe(
      duplicateKey({ businessName: "madina khad store", phone: "+92 300 1234567", city: "Lahore" }),
    );
    expect(duplicateKey({ businessName: "Madina", phone: null, city: "Okara" })).toBe(
      duplicateKey({ businessName: "MADINA", phone: "", city: " okara" }),
    );
    expect(duplicateKey({ businessName: "Madina", phone: null, city: "Okara" })).not.toBe(
      duplicateKey({ businessName: "Madina", phone: null, city: "Kasur" }),
    );
  });
});

describe("changing some of a dealer's fields, and its version", () => {
  it("a patch keeps a place found from the address approximate until the pin moves, and the address of an unmoved place", async () => {
    const { dealer } = await createDealer({ ...base, businessName: "Approx Traders" }, null, undefined, {
      approximate: true,
    });
    const renamed = await patchDealer(editor, dealer.id, { phone: "+92 300 1234567", ownerFirstName: null });
    expect(renamed).toMatchObject({
      phone: "+92 300 1234567",
      ownerFirstName: null,
      locationApproximate: true,
      formattedAddress: "Okara, Punjab, Pakistan",
      businessName: "Approx Traders",
    });
    // A new street and city: still the same place, still approximate.
    expect(await patchDealer(editor, dealer.id, { street: "Shop 4", city: "Renala Khurd" })).toMatchObject({
      street: "Shop 4",
      city: "Renala Khurd",
      locationApproximate: true,
      formattedAddress: "Okara, Punjab, Pakistan",
    });
    // Moved without an address: the new place's (the fake geocoder's), and a pin.
    expect(await patchDealer(editor, dealer.id, { lat: 30.9, lng: 73.5 })).toMatchObject({
      lat: "30.9",
      lng: "73.5",
      locationApproximate: false,
      formattedAddress: expect.stringContaining("(30.9000, 73.5000)"),
    });
  });

  it("an empty patch writes nothing; the version follows every change, the gallery's too", async () => {
    const { dealer } = await createDealer({ ...base, businessName: "Version Traders" }, null);
    const version = dealerVersion(dealer);
    expect(dealerVersion((await getDealer(dealer.id))!)).toBe(version);
    expect(await patchDealer(editor, dealer.id, {})).toEqual(dealer);
    expect(dealerVersion((await getDealer(dealer.id))!)).toBe(version);

    await addGalleryImage(await uploader(), dealer.id, await image(90));
    expect(dealerVersion((await getDealer(dealer.id))!)).not.toBe(version);
  });

  it("a write naming a version the dealer is no longer at is refused with 412 and changes nothing", async () => {
    const { dealer } = await createDealer({ ...base, businessName: "Stale Traders" }, null);
    const read = dealerVersion(dealer);
    const changed = await patchDealer(editor, dealer.id, { notes: "Changed by someone else" }, [read]);
    for (const write of [
      () => patchDealer(editor, dealer.id, { notes: null }, [read]),
      () => updateDealer(editor, dealer.id, { ...base, businessName: "Stale Traders" }, undefined, [read]),
      () => patchDealer(editor, dealer.id, { notes: null }, []),
    ]) {
      const error = await write().catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(AppError);
      expect(error).toMatchObject({ status: 412, message: DEALER_CHANGED });
    }
    expect(await getDealer(dealer.id)).toEqual(changed);
    expect((await patchDealer(editor, dealer.id, { notes: null }, ["other", dealerVersion(changed)])).notes).toBeNull();
  });
});
