import { AppError } from "~/lib/app-error";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { resetDatabase, prisma } from "../../tests/support/db";
import { approximatePlaces, DEACTIVATED_LOGIN, registerUser, updateProfile, verifyLogin } from "~/models/user.server";
import { INVALID_LOGIN, USERNAME_TAKEN } from "~/models/user.schema";
import { english } from "../../tests/support/english";

const ayesha = {
  username: "Ayesha.Khan",
  email: "Ayesha@Example.PK",
  password: "secret12",
  firstName: "Ayesha",
  lastName: "Khan",
};

beforeEach(resetDatabase);

describe("registerUser", () => {
  it("creates an OFFICER with a lower-cased username and email and a hashed password", async () => {
    const user = await registerUser(ayesha);
    expect(user).toMatchObject({
      username: "ayesha.khan",
      email: "ayesha@example.pk",
      role: "OFFICER",
      selectedAvatar: "DEFAULT_1",
    });
    const stored = await prisma.user.findUniqueOrThrow({ where: { id: user.id }, select: { passwordHash: true } });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
    expect(stored.passwordHash).not.toContain("secret12");
  });

  it("refuses a username or email that differs only in case", async () => {
    await registerUser(ayesha);
    await expect(registerUser({ ...ayesha, email: "other@example.pk", username: "AYESHA.KHAN" })).rejects.toThrow(
      new AppError(409, USERNAME_TAKEN, { field: "username" }),
    );
    await expect(registerUser({ ...ayesha, username: "someone" })).rejects.toThrow("auth:errors.emailTaken");
  });
});

describe("verifyLogin", () => {
  it("accepts the right password in any username case and refuses a wrong one", async () => {
    const user = await registerUser(ayesha);
    expect(await verifyLogin({ username: "AYESHA.khan", password: "secret12" })).toEqual({ ok: true, userId: user.id });
    expect(await verifyLogin({ username: "ayesha.khan", password: "wrong-one" })).toEqual({
      ok: false,
      error: INVALID_LOGIN,
    });
    expect(await verifyLogin({ username: "nobody", password: "secret12" })).toEqual({
      ok: false,
      error: INVALID_LOGIN,
    });
  });

  it("refuses a deactivated account even with the right password", async () => {
    const user = await registerUser(ayesha);
    await prisma.user.update({ where: { id: user.id }, data: { isActive: false } });
    expect(await verifyLogin({ username: "ayesha.khan", password: "secret12" })).toEqual({
      ok: false,
      error: DEACTIVATED_LOGIN,
    });
  });
});

describe("updateProfile", () => {
  it("looks up the address of a place given without one", async () => {
    const user = await registerUser(ayesha);
    const saved = await updateProfile(user.id, { homeLat: 31.5204, homeLng: 74.3587 });
    expect(saved.homeAddress).toMatch(/Pakistan/);
    expect(saved.homeLat).toBe(31.5204);
  });

  it("marks a place found from its address approximate until it is moved, and keeps the mark when saved unmoved", async () => {
    const user = await registerUser(ayesha);
    await updateProfile(user.id, { homeLat: 31.2681, homeLng: 72.3181, homeAddress: "Jhang" }, { home: true });
    expect(await approximatePlaces(user.id)).toEqual({ home: true, warehouse: false });
    await updateProfile(user.id, { homeLat: 31.2681, homeLng: 72.3181, warehouseLat: 30.1575, warehouseLng: 71.5249 });
    expect(await approximatePlaces(user.id)).toEqual({ home: true, warehouse: false });
    await updateProfile(user.id, { homeLat: 31.27, homeLng: 72.32 });
    expect(await approximatePlaces(user.id)).toEqual({ home: false, warehouse: false });
  });

  it("keeps an address the user typed", async () => {
    const user = await registerUser(ayesha);
    const saved = await updateProfile(user.id, {
      warehouseLat: 30.1575,
      warehouseLng: 71.5249,
      warehouseAddress: "Godown 4, Multan",
    });
    expect(saved.warehouseAddress).toBe("Godown 4, Multan");
  });
});

describe("sign-in throttling (decision 58)", () => {
  const guesser = { address: "198.51.100.7", device: null };

  it("five wrong passwords from one address slow that address for that account, a minute and then longer; the account itself is never refused", async () => {
    await registerUser({ username: "target", email: "target@example.pk", password: "right-pass" });
    const start = Date.UTC(2026, 10, 28, 9);
    vi.useFakeTimers({ now: start, toFake: ["Date"] });
    try {
      for (let attempt = 0; attempt < 5; attempt++) {
        expect(await verifyLogin({ username: "TARGET", password: `guess-${attempt}` }, guesser)).toEqual({
          ok: false,
          error: INVALID_LOGIN,
        });
      }
      expect(await verifyLogin({ username: "target", password: "right-pass" }, guesser)).toEqual({
        ok: false,
        error: "auth:errors.tooManyForAccount",
        values: { minutes: 1 },
        retryAfterSeconds: 60,
      });
      expect(english("auth:errors.tooManyForAccount", { minutes: 1 })).toBe(
        "Too many failed sign-ins for this account. Please wait 1 minute and try again.",
      );
      expect(english("auth:errors.tooManyForAccount", { minutes: 2 })).toBe(
        "Too many failed sign-ins for this account. Please wait 2 minutes and try again.",
      );
      // From another address, and on a phone that has signed in to it before, the owner is in.
      const owner = { address: "203.0.113.9", device: null };
      expect(await verifyLogin({ username: "target", password: "right-pass" }, owner)).toMatchObject({ ok: true });
      const knownPhone = { address: guesser.address, device: "phone-1" };
      expect(await verifyLogin({ username: "target", password: "right-pass" }, knownPhone)).toMatchObject({ ok: true });

      // A minute on, one more wrong guess makes the wait two minutes.
      vi.setSystemTime(start + 60_000);
      expect(await verifyLogin({ username: "target", password: "guess-6" }, guesser)).toMatchObject({ ok: false });
      expect(await verifyLogin({ username: "target", password: "right-pass" }, guesser)).toMatchObject({
        retryAfterSeconds: 120,
      });
    } finally {
      vi.useRealTimers();
    }
  });

  it("a right password from the address starts it afresh", async () => {
    await registerUser({ username: "forgetful", email: "forgetful@example.pk", password: "right-pass" });
    for (let attempt = 0; attempt < 4; attempt++)
      await verifyLogin({ username: "forgetful", password: "wrong" }, guesser);
    expect(await verifyLogin({ username: "forgetful", password: "right-pass" }, guesser)).toMatchObject({ ok: true });
    for (let attempt = 0; attempt < 4; attempt++)
      await verifyLogin({ username: "forgetful", password: "wrong" }, guesser);
    expect(await verifyLogin({ username: "forgetful", password: "right-pass" }, guesser)).toMatchObject({ ok: true });
  });

  it("a phone that keeps guessing loses its trust after ten wrong passwords", async () => {
    await registerUser({ username: "pocket", email: "pocket@example.pk", password: "right-pass" });
    const phone = { address: "198.51.100.8", device: "phone-2" };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect(await verifyLogin({ username: "pocket", password: `guess-${attempt}` }, phone)).toMatchObject({
        error: INVALID_LOGIN,
      });
    }
    expect(await verifyLogin({ username: "pocket", password: "right-pass" }, phone)).toMatchObject({
      retryAfterSeconds: expect.any(Number),
    });
  });
});
