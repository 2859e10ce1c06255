// `npm run user -- --username x --role ADMIN [--email e] [--password p]`
// Creates a user, or changes an existing user's role (and password, and email, when given).
// Uses DATABASE_URL like the app (.env, then the default file:./data/fieldline.db) and the zod
// schemas of app/models/user.schema.ts. It never creates or migrates the database: that is
// `npm run db:migrate` or `npm start` (a database made here could hide the one a restore or the
// server's DATABASE_URL would have used); on a database not there or never migrated it says so.
import crypto from "node:crypto";
import fs from "node:fs";
import { parseArgs } from "node:util";
import Database from "better-sqlite3";
import { z } from "zod";
import { said } from "~/http/language.server";
import { ROLES, emailSchema, passwordSchema, usernameSchema } from "~/models/user.schema";
import { dataPaths, newestMigration } from "./lib/data-paths.ts";

const USAGE = `Usage: npm run user -- --username <name> --role <OFFICER|MANAGER|ADMIN> [--email <email>] [--password <password>]

Creates the user, or updates an existing one:
  new user        --email is required; without --password one is generated and printed once
  existing user   sets the role, and the password and email when given (a new password signs
                  the user out everywhere)`;

function fail(message: string): never {
  console.error(`${message}\n\n${USAGE}`);
  process.exit(1);
}

function check<T>(schema: z.ZodType<T>, value: unknown, flag: string): T {
  const parsed = schema.safeParse(value);
  // The schemas' messages are catalogs' keys (decision 101): a script says them in English.
  if (!parsed.success) fail(`--${flag}: ${parsed.error.issues.map((issue) => said(issue.message)).join("; ")}`);
  return parsed.data;
}

function parseOptions() {
  try {
    return parseArgs({
      options: {
        username: { type: "string", short: "u" },
        role: { type: "string", short: "r" },
        email: { type: "string", short: "e" },
        password: { type: "string", short: "p" },
        help: { type: "boolean", short: "h" },
      },
      strict: true,
    }).values;
  } catch (error) {
    fail(error instanceof Error ? error.message : String(error));
  }
}

/** Opened once the database is known to be ready (see unpreparedDatabase). */
let prisma: (typeof import("~/db.server"))["prisma"] | undefined;

/** What to run first when the database at `file` is not there or was never migrated; null when it was. */
function unpreparedDatabase(file: string): string | null {
  const run = "run `npm run db:migrate` (or `npm start`, which migrates first)";
  if (!fs.existsSync(file))
    return `There is no database at ${file}: ${run} to create it, or set DATABASE_URL to the app's database.`;
  const db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
  try {
    return newestMigration(db) === null ? `The database at ${file} was never migrated: ${run}, then this again.` : null;
  } finally {
    db.close();
  }
}

async function main() {
  const values = parseOptions();
  if (values.help) {
    console.log(USAGE);
    return;
  }
  if (values.username === undefined) fail("--username is required.");
  if (values.role === undefined) fail("--role is required.");

  const username = check(usernameSchema, values.username, "username").toLowerCase();
  const role = check(
    z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}` }),
    values.role.toUpperCase(),
    "role",
  );
  const email = values.email === undefined ? undefined : check(emailSchema, values.email, "email").toLowerCase();
  const password = values.password === undefined ? undefined : check(passwordSchema, values.password, "password");

  // The database as the app finds it (after .env is read), checked before Prisma opens (and so creates) it.
  const { databaseFile } = dataPaths();
  const unprepared = unpreparedDatabase(databaseFile);
  if (unprepared) {
    console.error(unprepared);
    process.exit(1);
  }
  ({ prisma } = await import("~/db.server"));
  const { hashPassword } = await import("~/models/user.server");

  const existing = await prisma.user.findUnique({ where: { username }, select: { id: true, role: true, email: true } });

  if (email !== undefined) {
    const owner = await prisma.user.findUnique({ where: { email }, select: { username: true } });
    if (owner && owner.username !== username)
      fail(`The email ${email} already belongs to the user "${owner.username}".`);
  }

  if (existing) {
    await prisma.user.update({
      where: { id: existing.id },
      data: {
        role,
        ...(email !== undefined ? { email } : {}),
        ...(password !== undefined ? { passwordHash: await hashPassword(password) } : {}),
      },
    });
    if (password !== undefined) await prisma.session.deleteMany({ where: { userId: existing.id } });
    const changes = [
      existing.role === role ? `role stays ${role}` : `role ${existing.role} → ${role}`,
      ...(email !== undefined && email !== existing.email ? [`email → ${email}`] : []),
      ...(password !== undefined ? ["password changed, sessions signed out"] : []),
    ];
    console.log(`Updated user "${username}": ${changes.join(", ")}.`);
    return;
  }

  if (email === undefined) fail(`There is no user "${username}" yet: --email is required to create one.`);
  const finalPassword = password ?? crypto.randomBytes(12).toString("base64url");
  await prisma.user.create({
    data: { username, email, role, passwordHash: await hashPassword(finalPassword) },
  });
  console.log(`Created ${role} "${username}" <${email}>.`);
  if (password === undefined) {
    console.log(`Generated password (shown only this once): ${finalPassword}`);
  }
}

main()
  .catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  })
  .finally(() => prisma?.$disconnect());
