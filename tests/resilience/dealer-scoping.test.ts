// Who may change a dealer (decision 61), through /api and the dealer's page, on a copy of the
// seeded database split into team A (Punjab: officer1–4, led by the manager) and team B (Sindh:
// officer5–8): a dealer of team A is written by team A's people, its manager and the admin;
// team B's officer reads it but changes nothing of it (fields, team, About, pictures, gallery),
// and a writer moves a dealer only into a team they may choose.
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { type AppServer, createAppServer } from "./support/app-server";
import { getAs, type Role, setUpTwoTeams, type TwoTeams } from "./support/teams";

const NOT_YOUR_DEALER = "You can only change the dealers of your own team or of the teams you lead.";
const NOT_YOUR_TEAM = "You can only put a dealer in your own team or in a team you lead.";

let server: AppServer;
let teams: TwoTeams;
/** A dealer of team A (Punjab), with a phone, notes and two gallery photos. */
let dealerId: number;
const PHOTOS = ["/uploads/dealers/scoping-1.webp", "/uploads/dealers/scoping-2.webp"];

beforeAll(async () => {
  server = await createAppServer("dealer-scoping");
  teams = await setUpTwoTeams(server);
  dealerId = server.query(
    (db) => {
      const { id } = db
        .prepare("SELECT id FROM Dealer WHERE state = 'Punjab' AND phone IS NOT NULL ORDER BY id LIMIT 1")
        .get() as { id: number };
      db.prepare("UPDATE Dealer SET notes = 'Pays on Fridays' WHERE id = ?").run(id);
      db.prepare("DELETE FROM DealerImage WHERE dealerId = ?").run(id);
      const add = db.prepare(
        "INSERT INTO DealerImage (dealerId, url, thumbUrl, position, createdById) VALUES (?, ?, ?, ?, ?)",
      );
      PHOTOS.forEach((url, position) => add.run(id, url, url, position, teams.officersA[0]));
      return id;
    },
    { readonly: false },
  );
}, 60_000);

afterAll(async () => {
  await server?.stop();
  server?.remove();
});

type DealerJson = { team: { id: number } | null; phone: string | null; notes: string | null; galleryImages: string[] };

async function send(role: Role, method: string, path: string, body?: unknown) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    method,
    headers: {
      ...(teams.cookies[role] ? { Cookie: teams.cookies[role] } : {}),
      ...(body instanceof FormData || body === undefined ? {} : { "Content-Type": "application/json" }),
    },
    body: body instanceof FormData || body === undefined ? body : JSON.stringify(body),
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page
  }
  return { status: response.status, json, text };
}

async function dealerNow(): Promise<DealerJson> {
  const read = await getAs(server, teams.cookies.admin, `/api/dealers/${dealerId}`);
  expect(read.status).toBe(200);
  return read.json as DealerJson;
}

/** A page's form post (JavaScript off), as multipart like the dealer page's forms. */
function pageForm(fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return form;
}

/** The Team select's choices on the dealer's edit page, as the server renders it. */
async function teamChoicesOnEditPage(role: Role): Promise<string[]> {
  const page = await getAs(server, teams.cookies[role], `/dealer-details/${dealerId}?edit=true`);
  expect(page.status).toBe(200);
  const select = /<select[^>]*name="teamId"[^>]*>([\s\S]*?)<\/select>/.exec(page.text);
  if (!select) return [];
  return [...select[1]!.matchAll(/<option[^>]*>([^<]*)<\/option>/g)].map((option) => option[1]!);
}

describe("another team's officer changes nothing of a dealer", () => {
  test("/api: PATCH, PUT, its team, its About, its pictures and gallery answer 403 and leave it as it was", async () => {
    const before = await dealerNow();
    expect(before.team?.id).toBe(teams.teamA);
    const refused = { status: 403, json: { error: NOT_YOUR_DEALER } };
    const path = `/api/dealers/${dealerId}`;
    expect(await send("officerB", "PATCH", path, { teamId: teams.teamB })).toMatchObject(refused);
    expect(await send("officerB", "PATCH", path, { notes: "Taken over" })).toMatchObject(refused);
    expect(await send("officerB", "PUT", path, { ...before, phone: null, notes: null })).toMatchObject(refused);
    expect(await send("officerB", "PUT", `${path}/about`, { aboutDescription: "Ours now" })).toMatchObject(refused);
    expect(await send("officerB", "DELETE", `${path}/gallery/0`)).toMatchObject(refused);
    const photo = new FormData();
    photo.set("image", new Blob([new Uint8Array([0xff, 0xd8, 0xff])], { type: "image/jpeg" }), "p.jpg");
    expect(await send("officerB", "POST", `${path}/gallery`, photo)).toMatchObject(refused);
    expect(await send("officerB", "POST", `${path}/profile-picture`, photo)).toMatchObject(refused);
    expect(await dealerNow()).toEqual(before);
  });

  test("pages (JavaScript off): the edit form and the gallery's removal answer 403 with the error", async () => {
    const before = await dealerNow();
    const page = `/dealer-details/${dealerId}`;
    const update = await send(
      "officerB",
      "POST",
      page,
      pageForm({
        intent: "update",
        businessName: "Taken over",
        street: "1 Road",
        city: "Lahore",
        state: "Punjab",
        lat: "31.5",
        lng: "74.3",
        teamId: String(teams.teamB),
      }),
    );
    expect(update.status).toBe(403);
    expect(update.text).toContain(NOT_YOUR_DEALER);
    const remove = await send(
      "officerB",
      "POST",
      page,
      pageForm({ intent: "gallery-remove", index: "0", url: PHOTOS[0]!, confirm: "yes" }),
    );
    expect(remove.status).toBe(403);
    expect(remove.text).toContain(NOT_YOUR_DEALER);
    expect(await dealerNow()).toEqual(before);
    // The page offers no Edit to them; reading the dealer stays open to all.
    const view = await getAs(server, teams.cookies.officerB, page);
    expect(view.status).toBe(200);
    expect(view.text).not.toContain(`href="${page}?edit=true"`);
  });
});

describe("the dealer's team, its manager and the admin change it", () => {
  test("each of them may PATCH it; each moves it only into a team they may choose", async () => {
    const path = `/api/dealers/${dealerId}`;
    for (const role of ["officerA", "managerA", "admin"] as const) {
      const changed = await send(role, "PATCH", path, { notes: `Checked by ${role}` });
      expect(changed.status, role).toBe(200);
      expect((changed.json as DealerJson).notes).toBe(`Checked by ${role}`);
    }
    for (const role of ["officerA", "managerA"] as const) {
      const moved = await send(role, "PATCH", path, { teamId: teams.teamB });
      expect(moved, role).toMatchObject({ status: 403, json: { error: NOT_YOUR_TEAM } });
      expect((await send(role, "PATCH", path, { teamId: teams.teamA })).status, role).toBe(200);
    }
    const moved = await send("admin", "PATCH", path, { teamId: teams.teamB });
    expect(moved.status).toBe(200);
    expect((moved.json as DealerJson).team?.id).toBe(teams.teamB);
    // Now team B's: its officer may change it, team A's officer may not.
    expect((await send("officerB", "PATCH", path, { notes: "Sindh's now" })).status).toBe(200);
    expect((await send("officerA", "PATCH", path, { notes: "Ours" })).status).toBe(403);
    expect((await send("admin", "PATCH", path, { teamId: teams.teamA })).status).toBe(200);
  });

  test("a gallery photo is removed by the dealer's team", async () => {
    const removed = await send("officerA", "DELETE", `/api/dealers/${dealerId}/gallery/0`);
    expect(removed.status).toBe(200);
    expect((removed.json as DealerJson).galleryImages).toEqual([PHOTOS[1]]);
  });

  test("the edit form (JavaScript off) offers only the teams the viewer may choose", async () => {
    expect(await teamChoicesOnEditPage("officerA")).toEqual(["From the address", "Team A"]);
    expect(await teamChoicesOnEditPage("managerA")).toEqual(["From the address", "Team A"]);
    expect(await teamChoicesOnEditPage("admin")).toEqual(["From the address", "Team A", "Team B"]);
  });
});
