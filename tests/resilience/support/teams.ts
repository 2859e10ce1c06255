// Two teams on a resilience server's copy of the seeded database, and a session for each role the
// scoping rules tell apart (decision 42): signed out, waiting for approval, an officer of team A,
// an officer of team B, the manager of team A, and the admin.
import { type AppServer, signIn } from "./app-server";

export type Role = "signedOut" | "pending" | "officerA" | "officerB" | "managerA" | "admin";
export const ROLES: Role[] = ["signedOut", "pending", "officerA", "officerB", "managerA", "admin"];

export type TwoTeams = {
  teamA: number;
  teamB: number;
  /** Ids of the seeded officers in each team (officer1–4 in A, officer5–8 in B). */
  officersA: number[];
  officersB: number[];
  pendingId: number;
  /** The Cookie header of each role's session ("" when signed out). */
  cookies: Record<Role, string>;
};

/**
 * Makes teams A (Punjab) and B (Sindh) and puts the seeded people in them, then starts the server
 * (not started yet: it reads the teams fresh, with no cached rankings) and signs each role in.
 */
export async function setUpTwoTeams(server: AppServer): Promise<TwoTeams> {
  const ids = server.query(
    (db) => {
      const id = (username: string) =>
        (db.prepare("SELECT id FROM User WHERE username = ?").get(username) as { id: number }).id;
      db.prepare("DELETE FROM TeamManager").run();
      db.prepare("UPDATE User SET teamId = NULL").run();
      db.prepare("UPDATE Dealer SET teamId = NULL, teamSetByHand = 0").run();
      db.prepare("DELETE FROM Team").run();
      const addTeam = db.prepare("INSERT INTO Team (name, provinces, districts) VALUES (?, ?, '[]')");
      const teamA = Number(addTeam.run("Team A", JSON.stringify(["Punjab"])).lastInsertRowid);
      const teamB = Number(addTeam.run("Team B", JSON.stringify(["Sindh"])).lastInsertRowid);
      const officersA = [1, 2, 3, 4].map((n) => id(`officer${n}`));
      const officersB = [5, 6, 7, 8].map((n) => id(`officer${n}`));
      const setTeam = db.prepare("UPDATE User SET teamId = ? WHERE id = ?");
      for (const officer of officersA) setTeam.run(teamA, officer);
      for (const officer of officersB) setTeam.run(teamB, officer);
      setTeam.run(teamA, id("manager"));
      db.prepare("INSERT INTO TeamManager (teamId, userId) VALUES (?, ?)").run(teamA, id("manager"));
      db.prepare("UPDATE Dealer SET teamId = ? WHERE state = 'Punjab'").run(teamA);
      db.prepare("UPDATE Dealer SET teamId = ? WHERE state = 'Sindh'").run(teamB);
      const hash = (
        db.prepare("SELECT passwordHash FROM User WHERE id = ?").get(officersA[0]) as { passwordHash: string }
      ).passwordHash;
      const pendingId = Number(
        db
          .prepare(
            `INSERT INTO User (username, email, passwordHash, role, approval, homeLat, homeLng, homeAddress,
               warehouseLat, warehouseLng, warehouseAddress, updatedAt)
             VALUES ('waiting.one', 'waiting.one@example.com', ?, 'OFFICER', 'PENDING', 31.5, 74.3, 'Lahore',
               31.6, 74.4, 'Lahore', CURRENT_TIMESTAMP)`,
          )
          .run(hash).lastInsertRowid,
      );
      return { teamA, teamB, officersA, officersB, pendingId };
    },
    { readonly: false },
  );
  await server.start();
  const cookies: Record<Role, string> = {
    signedOut: "",
    pending: await signIn(server.baseUrl, "waiting.one"),
    officerA: await signIn(server.baseUrl, "officer1"),
    officerB: await signIn(server.baseUrl, "officer5"),
    managerA: await signIn(server.baseUrl, "manager"),
    admin: await signIn(server.baseUrl, "admin"),
  };
  return { ...ids, cookies };
}

/** A GET as one role: the answer's status, its JSON (or null) and its text. */
export async function getAs(server: AppServer, cookie: string, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: cookie ? { Cookie: cookie } : {},
    redirect: "manual",
  });
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // a page, or an empty answer
  }
  return { status: response.status, location: response.headers.get("location"), json, text };
}
