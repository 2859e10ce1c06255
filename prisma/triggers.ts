// Every trigger of the database, declared once (decision 77). Prisma's schema cannot describe
// triggers, so a migration's SQL creates them; this file says what each one is for and which
// columns it watches. `npm run triggers` prints the SQL a new migration needs to make the
// database match this file, and prisma/triggers.test.ts fails when a freshly migrated database's
// triggers differ from it, or when a table the change feed follows has a column named here
// neither as carried nor as ignored.
import type { ChangeEntity, ChangeOp } from "~/lib/change-events";

export type Trigger = {
  name: string;
  table: string;
  /** AFTER the write (the default), or BEFORE it: a guard that refuses it with RAISE(ABORT). */
  timing?: "BEFORE";
  event: "INSERT" | "UPDATE" | "DELETE";
  /** Fires on an update of these columns only; absent: on an update of any column. */
  columns?: readonly string[];
  /** A condition on OLD and NEW, when the trigger fires for some rows only. */
  when?: string;
  /** The statements between BEGIN and END. */
  body: string;
};

// ---- The change feed (GET /api/changes) and webhooks (decision 50) ------------------------------
// Every insert, update and delete of a followed row writes a row to "Change" in the transaction of
// the write itself, so no write path (the app, the import's plain SQL, a foreign key's cascade, a
// script) can forget it, and the sequence's order is the order of the commits.

type ChangeFeedTable = {
  table: string;
  entity: ChangeEntity;
  /** The columns whose update is a change of the row: its /api answer shows them. */
  carried: readonly string[];
  /**
   * The columns whose update the feed deliberately does not tell, each with why. The primary key
   * is neither: it never changes. Nothing ignored: any update is a change (no column list).
   */
  ignored: Readonly<Record<string, string>>;
  /** Rows are only ever inserted (the database refuses the rest): the feed tells creations alone. */
  appendOnly?: true;
};

const SET_ONCE = "set when the row is made, never changed";
const SUBMISSION_KEY = "the submission's key, not the row's content";
const UPDATED_AT = "moves with every update, whose carried columns already tell it";

export const CHANGE_FEED: readonly ChangeFeedTable[] = [
  {
    table: "Post",
    entity: "post",
    carried: [
      "type",
      "text",
      "lat",
      "lng",
      "address",
      "saleProduct",
      "saleQty",
      "salePriceCents",
      "saleTotalCents",
      "recoveryAmountCents",
      "dealerId",
      "headCount",
      "createdAt",
    ],
    ignored: {
      userId: "a post's author never changes",
      dealerDistanceM: "measured when the post is made; a dealer moved later does not move it",
      salePaidCents: "set when the post is made, never changed; the ledger entry it wrote tells it",
      authorTeamId: "kept by triggers from the author's team, which is the user's change",
      idempotencyKey: SUBMISSION_KEY,
      requestHash: SUBMISSION_KEY,
    },
  },
  {
    table: "Dealer",
    entity: "dealer",
    carried: [
      "businessName",
      "ownerFirstName",
      "ownerLastName",
      "phone",
      "email",
      "street",
      "city",
      "state",
      "postalCode",
      "notes",
      "aboutDescription",
      "lat",
      "lng",
      "formattedAddress",
      "locationApproximate",
      "profilePictureUrl",
      "profilePictureThumbUrl",
      "createdById",
      "teamId",
      "teamSetByHand",
      "creditLimitCents",
      "paymentTermsDays",
    ],
    ignored: {
      createdAt: SET_ONCE,
      updatedAt: UPDATED_AT,
      idempotencyKey: SUBMISSION_KEY,
      requestHash: SUBMISSION_KEY,
    },
  },
  {
    table: "CheckIn",
    entity: "checkin",
    carried: ["userId", "type", "lat", "lng", "address", "source", "accuracyM", "fixAt", "postId", "createdAt"],
    ignored: {},
  },
  {
    // An officer's target for one measure and period (decision 84): any change of it is told.
    table: "Target",
    entity: "target",
    carried: ["userId", "period", "measure", "value", "setById", "setAt"],
    ignored: {},
  },
  {
    // A farmer (decision 94): the feed's later reads of an erased one carry no name or phone.
    table: "Farmer",
    entity: "farmer",
    carried: [
      "name",
      "phone",
      "village",
      "tehsil",
      "district",
      "landHundredths",
      "mainCrops",
      "dealerId",
      "teamId",
      "erasedAt",
    ],
    ignored: {
      createdById: SET_ONCE,
      createdAt: SET_ONCE,
      updatedAt: UPDATED_AT,
      idempotencyKey: SUBMISSION_KEY,
      requestHash: SUBMISSION_KEY,
    },
  },
  {
    // A demo plot (decision 96): started, visited at mid-season, harvested. Its visits are told
    // as the plot's own changes (stage, harvest day, yields); its farmer is read as they are now.
    table: "DemoPlot",
    entity: "plot",
    carried: [
      "farmerId",
      "officerId",
      "crop",
      "product",
      "areaHundredths",
      "controlAreaHundredths",
      "lat",
      "lng",
      "sownOn",
      "midVisitDueOn",
      "harvestDueOn",
      "stage",
      "harvestedOn",
      "yieldKgPerAcre",
      "controlYieldKgPerAcre",
      "verdict",
    ],
    ignored: { postId: SET_ONCE, createdAt: SET_ONCE, updatedAt: UPDATED_AT },
  },
  {
    table: "User",
    entity: "user",
    // The account as the admins' users list shows it.
    carried: ["username", "email", "firstName", "lastName", "role", "isActive", "approval", "teamId"],
    ignored: {
      passwordHash: "never shown",
      phone: "not in the admins' users list",
      isService: "set when the account is made",
      language: "the reader's own setting, not in the admins' users list",
      selectedAvatar: "not in the admins' users list",
      currentBadge: "a performance figure: every calculation rewrites them for everyone",
      homeLat: "not in the admins' users list",
      homeLng: "not in the admins' users list",
      homeAddress: "not in the admins' users list",
      warehouseLat: "not in the admins' users list",
      warehouseLng: "not in the admins' users list",
      warehouseAddress: "not in the admins' users list",
      homeApproximate: "not in the admins' users list",
      warehouseApproximate: "not in the admins' users list",
      currentPerformanceScore: "a performance figure: every calculation rewrites them for everyone",
      performanceRank: "a performance figure: every calculation rewrites them for everyone",
      lastPerformanceCalculation: "a performance figure: every calculation rewrites them for everyone",
      performanceDealersPart: "a performance figure: every calculation rewrites them for everyone",
      performanceRecoveryPart: "a performance figure: every calculation rewrites them for everyone",
      performanceGapPart: "a performance figure: every calculation rewrites them for everyone",
      performanceActivityPart: "a performance figure: every calculation rewrites them for everyone",
      createdAt: SET_ONCE,
      updatedAt: UPDATED_AT,
    },
  },
  {
    table: "LedgerEntry",
    entity: "ledger_entry",
    appendOnly: true,
    carried: [
      "dealerId",
      "kind",
      "amountCents",
      "at",
      "postId",
      "reversesId",
      "reason",
      "createdById",
      "createdAt",
      "idempotencyKey",
      "requestHash",
    ],
    ignored: {},
  },
];

/** The milliseconds since 1970 (how Prisma stores a DateTime in SQLite), in SQL. */
const NOW_MS = "CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)";

function recordChange(entity: ChangeEntity, id: string, op: ChangeOp): string {
  return `INSERT INTO "Change" ("entity", "entityId", "op", "at") VALUES ('${entity}', ${id}, '${op}', ${NOW_MS});`;
}

function changeFeedTriggers({ table, entity, carried, ignored, appendOnly }: ChangeFeedTable): Trigger[] {
  const ignoresSome = Object.keys(ignored).length > 0;
  const insert: Trigger = {
    name: `${table}_change_insert`,
    table,
    event: "INSERT",
    body: recordChange(entity, 'NEW."id"', "created"),
  };
  if (appendOnly) return [insert];
  return [
    insert,
    {
      name: `${table}_change_update`,
      table,
      event: "UPDATE",
      ...(ignoresSome ? { columns: carried } : {}),
      body: recordChange(entity, 'NEW."id"', "updated"),
    },
    { name: `${table}_change_delete`, table, event: "DELETE", body: recordChange(entity, 'OLD."id"', "deleted") },
  ];
}

const CHANGE_TRIGGERS: Trigger[] = [
  ...CHANGE_FEED.flatMap(changeFeedTriggers),
  // A dealer answers its gallery: a photo added or removed changes the dealer (not when the dealer
  // itself is being deleted, which is its own change). Photos are never edited in place.
  {
    name: "DealerImage_change_insert",
    table: "DealerImage",
    event: "INSERT",
    body: recordChange("dealer", 'NEW."dealerId"', "updated"),
  },
  {
    name: "DealerImage_change_delete",
    table: "DealerImage",
    event: "DELETE",
    when: 'EXISTS (SELECT 1 FROM "Dealer" WHERE "id" = OLD."dealerId")',
    body: recordChange("dealer", 'OLD."dealerId"', "updated"),
  },
  // The outbox: one delivery per webhook that asked for the change's event ("post.created", …), in
  // the same transaction; the webhook delivery job sends from it.
  {
    name: "Change_webhook_deliveries",
    table: "Change",
    event: "INSERT",
    body: `INSERT INTO "WebhookDelivery" ("endpointId", "changeSeq", "event", "nextAttemptAt", "createdAt")
  SELECT e."id", NEW."seq", NEW."entity" || '.' || NEW."op", NEW."at", NEW."at"
  FROM "WebhookEndpoint" e
  WHERE EXISTS (SELECT 1 FROM json_each(e."events") WHERE json_each."value" = NEW."entity" || '.' || NEW."op");`,
  },
];

// ---- List versions ------------------------------------------------------------------------------
// A counter per big list in "ListVersion", raised by every write that changes what the list shows,
// whoever writes: GET /api/dealers, /api/agents/checkins and /api/performance/leaderboard answer
// with an ETag of it, so an unchanged list is neither read nor sent again.

type ListName = "Dealer" | "CheckIn" | "Leaderboard";

function raiseVersion(list: ListName): string {
  return `UPDATE "ListVersion" SET "version" = "version" + 1 WHERE "name" = '${list}';`;
}

/** The three triggers that raise `list` on any insert, update and delete of `table`. */
function everyWriteRaises(list: ListName, table: string): Trigger[] {
  const raise = { table, body: raiseVersion(list) };
  return [
    { name: `${table}_version_insert`, event: "INSERT", ...raise },
    { name: `${table}_version_update`, event: "UPDATE", ...raise },
    { name: `${table}_version_delete`, event: "DELETE", ...raise },
  ];
}

const LIST_VERSION_TRIGGERS: Trigger[] = [
  // The dealer list: dealers and their gallery.
  ...everyWriteRaises("Dealer", "Dealer"),
  ...everyWriteRaises("Dealer", "DealerImage"),
  // The check-ins (the map's routes): check-ins, and an agent's name and team (routes are scoped by
  // team, and a team's deletion sets its members' teamId NULL).
  ...everyWriteRaises("CheckIn", "CheckIn"),
  {
    name: "User_name_version_update",
    table: "User",
    event: "UPDATE",
    columns: ["username", "firstName", "lastName"],
    body: raiseVersion("CheckIn"),
  },
  {
    name: "User_team_version_update",
    table: "User",
    event: "UPDATE",
    columns: ["teamId"],
    body: raiseVersion("CheckIn"),
  },
  // The leaderboard: an officer joining or leaving it, and anything it shows of one (the scores,
  // parts, rank and badge a calculation writes, the name, the avatar, being active, the role, the
  // team and the team's name). A password, an email or a session leave it alone.
  { name: "User_leaderboard_version_insert", table: "User", event: "INSERT", body: raiseVersion("Leaderboard") },
  {
    name: "User_leaderboard_version_update",
    table: "User",
    event: "UPDATE",
    columns: [
      "username",
      "firstName",
      "lastName",
      "selectedAvatar",
      "role",
      "isActive",
      "currentBadge",
      "currentPerformanceScore",
      "performanceRank",
      "lastPerformanceCalculation",
      "performanceDealersPart",
      "performanceRecoveryPart",
      "performanceGapPart",
      "performanceActivityPart",
    ],
    body: raiseVersion("Leaderboard"),
  },
  { name: "User_leaderboard_version_delete", table: "User", event: "DELETE", body: raiseVersion("Leaderboard") },
  {
    name: "User_leaderboard_version_team",
    table: "User",
    event: "UPDATE",
    columns: ["teamId"],
    body: raiseVersion("Leaderboard"),
  },
  {
    name: "Team_leaderboard_version_update",
    table: "Team",
    event: "UPDATE",
    columns: ["name"],
    body: raiseVersion("Leaderboard"),
  },
  { name: "Team_leaderboard_version_delete", table: "Team", event: "DELETE", body: raiseVersion("Leaderboard") },
];

// ---- Derived rows ------------------------------------------------------------------------------

const DERIVED_ROW_TRIGGERS: Trigger[] = [
  // A report's routes (RouteDay, decision 34): any change of a check-in forgets the day it was in
  // and the day it moved to, so the next report computes that day again.
  {
    name: "CheckIn_route_day_insert",
    table: "CheckIn",
    event: "INSERT",
    body: 'DELETE FROM "RouteDayDone" WHERE "dayStart" <= NEW."createdAt" AND NEW."createdAt" < "dayEnd";',
  },
  {
    name: "CheckIn_route_day_update",
    table: "CheckIn",
    event: "UPDATE",
    body: 'DELETE FROM "RouteDayDone" WHERE ("dayStart" <= OLD."createdAt" AND OLD."createdAt" < "dayEnd") OR ("dayStart" <= NEW."createdAt" AND NEW."createdAt" < "dayEnd");',
  },
  {
    name: "CheckIn_route_day_delete",
    table: "CheckIn",
    event: "DELETE",
    body: 'DELETE FROM "RouteDayDone" WHERE "dayStart" <= OLD."createdAt" AND OLD."createdAt" < "dayEnd";',
  },
  // A post keeps its author's team (decision 42), so a team's feed reads its newest posts from one
  // index: a new post takes its author's team, an author who changes team takes their posts along,
  // a deleted team leaves them in none.
  {
    name: "Post_author_team_insert",
    table: "Post",
    event: "INSERT",
    body: 'UPDATE "Post" SET "authorTeamId" = (SELECT "teamId" FROM "User" WHERE "id" = NEW."userId") WHERE "id" = NEW."id";',
  },
  {
    name: "User_team_posts",
    table: "User",
    event: "UPDATE",
    columns: ["teamId"],
    when: 'OLD."teamId" IS NOT NEW."teamId"',
    body: 'UPDATE "Post" SET "authorTeamId" = NEW."teamId" WHERE "userId" = NEW."id";',
  },
  {
    name: "Team_delete_posts",
    table: "Team",
    event: "DELETE",
    body: 'UPDATE "Post" SET "authorTeamId" = NULL WHERE "authorTeamId" = OLD."id";',
  },
];

// ---- Dealer accounts (decision 80) --------------------------------------------------------------
// A post's entries are written and reversed here, whatever wrote or deleted the post (a page, /api,
// a script, a user's deletion cascading to their posts), and the ledger only grows.

/** An entry of the post NEW, when its amount is more than nothing. */
function postEntry(kind: "SALE" | "PAYMENT" | "RECOVERY", postType: string, amount: string): string {
  return `INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "at", "postId", "createdById", "createdAt")
  SELECT NEW."dealerId", '${kind}', ${amount}, NEW."createdAt", NEW."id", NEW."userId", NEW."createdAt"
  WHERE NEW."type" = '${postType}' AND ${amount.replace(/^-/, "")} > 0;`;
}

/** The amount columns a post's entries were written from: a post with entries never changes them. */
const LEDGER_POST_COLUMNS = ["type", "dealerId", "saleTotalCents", "salePaidCents", "recoveryAmountCents"] as const;

const NEVER_CHANGED = "A ledger entry is never changed or removed: write a reversing entry.";

const LEDGER_TRIGGERS: Trigger[] = [
  {
    name: "Post_ledger_insert",
    table: "Post",
    event: "INSERT",
    when: `NEW."dealerId" IS NOT NULL AND NEW."type" IN ('SALE', 'RECOVERY')`,
    body: [
      postEntry("SALE", "SALE", 'COALESCE(NEW."saleTotalCents", 0)'),
      postEntry("PAYMENT", "SALE", '-COALESCE(NEW."salePaidCents", 0)'),
      postEntry("RECOVERY", "RECOVERY", '-COALESCE(NEW."recoveryAmountCents", 0)'),
    ].join("\n"),
  },
  {
    name: "Post_ledger_delete",
    table: "Post",
    event: "DELETE",
    body: `INSERT INTO "LedgerEntry" ("dealerId", "kind", "amountCents", "at", "postId", "reversesId", "reason", "createdAt")
  SELECT e."dealerId", 'REVERSAL', -e."amountCents", ${NOW_MS}, e."postId", e."id", 'Post deleted', ${NOW_MS}
  FROM "LedgerEntry" e
  WHERE e."postId" = OLD."id" AND e."reversesId" IS NULL
    AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" r WHERE r."reversesId" = e."id");`,
  },
  {
    name: "Post_ledger_amounts_kept",
    table: "Post",
    timing: "BEFORE",
    event: "UPDATE",
    columns: LEDGER_POST_COLUMNS,
    when: `EXISTS (SELECT 1 FROM "LedgerEntry" WHERE "postId" = OLD."id") AND (${LEDGER_POST_COLUMNS.map(
      (column) => `OLD."${column}" IS NOT NEW."${column}"`,
    ).join(" OR ")})`,
    body: "SELECT RAISE(ABORT, 'A post with ledger entries keeps its type, dealer and amounts.');",
  },
  {
    name: "LedgerEntry_never_updated",
    table: "LedgerEntry",
    timing: "BEFORE",
    event: "UPDATE",
    body: `SELECT RAISE(ABORT, '${NEVER_CHANGED}');`,
  },
  {
    name: "LedgerEntry_never_deleted",
    table: "LedgerEntry",
    timing: "BEFORE",
    event: "DELETE",
    body: `SELECT RAISE(ABORT, '${NEVER_CHANGED}');`,
  },
  // A dealer's account version (decision 89): raised by every entry and every change of the dealer's
  // credit terms, so a computed account is kept until one of them changes. In "ListVersion", whose
  // rows a wipe keeps, and raised when a dealer is made too: a version never repeats, not even for a
  // dealer made again with the id of one wiped.
  {
    name: "Dealer_account_version_insert",
    table: "Dealer",
    event: "INSERT",
    body: `INSERT INTO "ListVersion" ("name", "version") VALUES ('Account:' || NEW."id", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;`,
  },
  {
    name: "LedgerEntry_account_version",
    table: "LedgerEntry",
    event: "INSERT",
    body: `INSERT INTO "ListVersion" ("name", "version") VALUES ('Account:' || NEW."dealerId", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;`,
  },
  {
    name: "Dealer_account_version",
    table: "Dealer",
    event: "UPDATE",
    columns: ["creditLimitCents", "paymentTermsDays"],
    body: `INSERT INTO "ListVersion" ("name", "version") VALUES ('Account:' || NEW."id", 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;`,
  },
  // A reversal undoes exactly one entry of its dealer, which is no reversal itself.
  {
    name: "LedgerEntry_reversal_exact",
    table: "LedgerEntry",
    timing: "BEFORE",
    event: "INSERT",
    when: `NEW."reversesId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "LedgerEntry" o WHERE o."id" = NEW."reversesId" AND o."dealerId" = NEW."dealerId" AND o."amountCents" = -NEW."amountCents" AND o."reversesId" IS NULL AND NEW."kind" = 'REVERSAL')`,
    body: "SELECT RAISE(ABORT, 'A reversal undoes exactly one entry of its dealer that is no reversal.');",
  },
];

// ---- An officer's progress version (decision 92) -----------------------------------------------
// Raised by every write that can move what an officer has done or is to do against their targets:
// their posts (the columns achievement counts), their targets, and their being made, so that a
// version never repeats for an id made again after a wipe. In "ListVersion", as a dealer's account.

function raiseProgress(officer: string): string {
  return `INSERT INTO "ListVersion" ("name", "version") VALUES ('Progress:' || ${officer}, 1)
  ON CONFLICT ("name") DO UPDATE SET "version" = "version" + 1;`;
}

const PROGRESS_VERSION_TRIGGERS: Trigger[] = [
  { name: "User_progress_version_insert", table: "User", event: "INSERT", body: raiseProgress('NEW."id"') },
  { name: "Post_progress_version_insert", table: "Post", event: "INSERT", body: raiseProgress('NEW."userId"') },
  {
    name: "Post_progress_version_update",
    table: "Post",
    event: "UPDATE",
    columns: [
      "userId",
      "type",
      "saleProduct",
      "saleQty",
      "saleTotalCents",
      "recoveryAmountCents",
      "dealerId",
      "createdAt",
    ],
    body: `${raiseProgress('OLD."userId"')}\n${raiseProgress('NEW."userId"')}`,
  },
  { name: "Post_progress_version_delete", table: "Post", event: "DELETE", body: raiseProgress('OLD."userId"') },
  { name: "Target_progress_version_insert", table: "Target", event: "INSERT", body: raiseProgress('NEW."userId"') },
  {
    name: "Target_progress_version_update",
    table: "Target",
    event: "UPDATE",
    body: `${raiseProgress('OLD."userId"')}\n${raiseProgress('NEW."userId"')}`,
  },
  { name: "Target_progress_version_delete", table: "Target", event: "DELETE", body: raiseProgress('OLD."userId"') },
];

export const TRIGGERS: readonly Trigger[] = [
  ...CHANGE_TRIGGERS,
  ...LIST_VERSION_TRIGGERS,
  ...DERIVED_ROW_TRIGGERS,
  ...LEDGER_TRIGGERS,
  ...PROGRESS_VERSION_TRIGGERS,
];

/**
 * Emptying the whole database (a test's clean slate, the demo's seed) lifts the guard that refuses
 * to remove a ledger entry for the wipe alone: `lift` before it, `restore` after it.
 */
export const LEDGER_WIPE = {
  lift: 'DROP TRIGGER IF EXISTS "LedgerEntry_never_deleted"',
  restore: () => createTriggerSql(LEDGER_TRIGGERS.find((trigger) => trigger.name === "LedgerEntry_never_deleted")!),
};

/** The trigger's CREATE TRIGGER statement, as a migration writes it. */
export function createTriggerSql({ name, table, timing, event, columns, when, body }: Trigger): string {
  const of = columns ? ` OF ${columns.map((column) => `"${column}"`).join(", ")}` : "";
  return `CREATE TRIGGER "${name}" ${timing ?? "AFTER"} ${event}${of} ON "${table}"${when ? ` WHEN ${when}` : ""}\nBEGIN ${body} END;`;
}

/**
 * A statement as SQLite keeps it in sqlite_master, modulo whitespace: every run of whitespace
 * one space, and no closing semicolon (sqlite_master keeps none).
 */
export function normalizeSql(sql: string): string {
  return sql.replace(/\s+/g, " ").trim().replace(/;$/, "");
}
