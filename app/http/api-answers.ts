import { LANGUAGES } from "~/lib/languages";
import { PLOT_STAGES } from "~/lib/plot-stages";
import { CHANGE_OPS, WEBHOOK_EVENTS } from "~/lib/change-events";
import { LEDGER_KINDS } from "~/lib/ledger";
import { SENT_SOURCES } from "~/lib/location-quality";
import { PROVINCES } from "~/lib/provinces";
import { z } from "zod";
import { adminUserSchema } from "~/models/admin.schema";
import { ROLES } from "~/models/user.schema";
import { targetRowAnswer } from "~/models/targets.schema";
import { farmerAnswer } from "~/models/farmer.schema";
import { plotAnswer } from "~/models/demo-plot.schema";

// The JSON answers of /api, described once for /api/openapi.json. The contract test
// (tests/api/contract.spec.ts) checks every real answer against them, so they cannot drift.
// Objects are loose: a new field is not a breaking change for integrators.

/** Legs between check-ins not counted in distance and hours, by reason. */
const legsLeftOut = z
  .looseObject({ tooFast: z.number().int(), poorFix: z.number().int(), repeatedPoint: z.number().int() })
  .describe(
    "Legs between consecutive check-ins not counted in distance and hours: over 130 km/h, " +
      "to or from a fix worse than 1,000 m, or the same point under another address",
  );

/** How a place was had. */
const placeSource = z
  .enum([...SENT_SOURCES, "UNKNOWN"])
  .describe("How the place was had: GPS, TYPED, MAP, ADDRESS, API, or UNKNOWN (saved before this was recorded)");

const id = z.number().int().positive();
const timestamp = z.iso.datetime().describe("ISO 8601 time, UTC");
const money = z
  .string()
  .regex(/^-?\d+\.\d{2}$/)
  .describe("Decimal amount with 2 places, as text");
const coordinate = z.string().describe("Decimal degrees, as text");
const nullable = <T extends z.ZodType>(schema: T) => schema.nullable();

export const errorAnswer = z
  .object({
    error: z.string().describe("The message to show"),
    fieldErrors: z
      .record(z.string(), z.array(z.string()))
      .optional()
      .describe("Messages per field, when a body failed validation"),
    requestId: z
      .string()
      .optional()
      .describe("The request's id, also in the X-Request-Id header: quote it when asking about this error"),
  })
  .meta({ id: "Error" });

export const messageAnswer = z.looseObject({ message: z.string() }).meta({ id: "Message" });
export const signInAnswer = z
  .looseObject({ message: z.string(), loginPage: z.string().describe("The sign-in page, keeping redirectTo") })
  .meta({ id: "SignIn" });
export const successAnswer = z.looseObject({ success: z.literal(true) }).meta({ id: "Success" });

export const userAnswer = z
  .looseObject({
    id,
    username: z.string(),
    email: z.string(),
    firstName: nullable(z.string()),
    lastName: nullable(z.string()),
    phone: nullable(z.string()),
    role: z.enum(ROLES),
    language: nullable(z.enum(LANGUAGES)).describe(
      "The language they chose to read Fieldline in; null until they choose",
    ),
    selectedAvatar: z.string(),
    currentBadge: nullable(z.string()),
    homeLat: nullable(coordinate),
    homeLng: nullable(coordinate),
    homeAddress: nullable(z.string()),
    warehouseLat: nullable(coordinate),
    warehouseLng: nullable(coordinate),
    warehouseAddress: nullable(z.string()),
    currentPerformanceScore: nullable(z.string()),
    performanceRank: nullable(z.number().int()),
    approval: z.enum(["APPROVED", "PENDING", "REFUSED"]).describe("PENDING: waiting for a manager or admin"),
    teamId: nullable(id),
    team: nullable(z.looseObject({ id, name: z.string() })),
  })
  .meta({ id: "User" });

/**
 * What a company-wide list (`scope=company`) shows of another team's items is the company's:
 * these fields are the team's, null unless the item's person is one of the viewer's own people
 * (their team, the teams they lead, themself; everyone for an admin).
 */
const teamOnly = <T extends z.ZodType>(schema: T, what: string) =>
  nullable(schema).describe(`${what}; null for another team's (team-only)`);

const author = z.looseObject({
  id,
  username: z.string(),
  email: teamOnly(z.string(), "The person's email"),
  firstName: nullable(z.string()),
  lastName: nullable(z.string()),
  selectedAvatar: z.string(),
  currentBadge: nullable(z.string()),
});

/** A team as lists show it beside a person. */
const teamRef = z.looseObject({ id, name: z.string() }).describe("The person's team, or null when in no team");

const periodStats = z.looseObject({
  posts: z.number().int(),
  visits: z.number().int(),
  sales: money,
  recovery: money,
  distance: z.string().describe("Kilometres, 1 decimal"),
  hours: z.string().describe("Hours, 1 decimal"),
  dealers: z.number().int(),
  legsLeftOut,
});

export const statsAnswer = z
  .looseObject({ today: periodStats, week: periodStats, month: periodStats, all: periodStats })
  .meta({ id: "UserStats" });

export const postAnswer = z
  .looseObject({
    id,
    type: z.string(),
    text: z.string(),
    headCount: nullable(z.number().int()).describe("A Farmer Meeting's people, named or not; null for other posts"),
    attendees: z
      .array(z.looseObject({ id, name: z.string().describe('"Erased farmer" once erased') }))
      .describe("A Farmer Meeting's named farmers; [] for other posts and another team's meeting (team-only)"),
    lat: teamOnly(coordinate, "Where the post was made"),
    lng: teamOnly(coordinate, "Where the post was made"),
    address: teamOnly(z.string(), "The place's address"),
    locationSource: nullable(placeSource).describe("How the place was had; null for another team's (team-only)"),
    locationAccuracyM: teamOnly(z.number(), "The fix's accuracy radius in metres, when known"),
    createdAt: timestamp,
    user: author.extend({ team: nullable(teamRef) }),
    saleProduct: nullable(z.string()),
    saleQty: teamOnly(z.number().int(), "Bags sold"),
    salePrice: teamOnly(money, "Price per bag"),
    saleTotal: teamOnly(money, "Quantity × price"),
    salePaid: teamOnly(money, "What the dealer paid of the sale at the counter; null when all on credit"),
    recoveryAmount: teamOnly(money, "Amount recovered"),
    dealerBalanceAfter: nullable(money).describe(
      "A recovery's dealer balance once it counted; null for other posts and for a viewer who may not read the dealer's account",
    ),
    dealerId: nullable(id),
    dealer: nullable(z.looseObject({ id, businessName: z.string() })),
    media: z.array(z.looseObject({ url: z.string() })),
    likeCount: z.number().int(),
    commentCount: z.number().int(),
    likedByMe: z.boolean(),
    authorDistanceTodayKm: teamOnly(z.number(), "Kilometres the author travelled today"),
    plot: nullable(z.looseObject({ id, stage: z.enum(PLOT_STAGES) })).describe(
      "A Demo Plot post's plot (the one it started or visited) with its stage now; null for other posts",
    ),
  })
  .meta({ id: "Post" });

export const commentAnswer = z
  .looseObject({ id, text: z.string(), isDeleted: z.boolean(), createdAt: timestamp, user: author })
  .meta({ id: "Comment" });

export const reactionsAnswer = z
  .array(z.looseObject({ userId: id, type: z.literal("LIKE") }))
  .meta({ id: "Reactions" });

export const notificationAnswer = z
  .looseObject({
    id,
    type: z.string(),
    badgeType: nullable(z.string()),
    title: z.string(),
    message: z.string(),
    isRead: z.boolean(),
    previousRank: nullable(z.number().int()),
    newRank: nullable(z.number().int()),
    createdAt: timestamp,
  })
  .meta({ id: "Notification" });

export const dealerAnswer = z
  .looseObject({
    id,
    businessName: z.string(),
    ownerFirstName: nullable(z.string()),
    ownerLastName: nullable(z.string()),
    phone: nullable(z.string()),
    email: nullable(z.string()),
    street: z.string(),
    city: z.string(),
    state: z.enum(PROVINCES),
    postalCode: nullable(z.string()),
    notes: nullable(z.string()),
    aboutDescription: nullable(z.string()),
    formattedAddress: nullable(z.string()),
    locationApproximate: z
      .boolean()
      .describe("True when the place was found from the typed address (a form without a map), not pinned"),
    profilePictureUrl: nullable(z.string()),
    profilePictureThumbUrl: nullable(z.string()).optional().describe("One dealer's answer only, not the list's"),
    lat: coordinate,
    lng: coordinate,
    galleryImages: z.array(z.string()),
    galleryThumbs: z.array(z.string()).optional().describe("One dealer's answer only, not the list's"),
    createdById: nullable(id).optional().describe("One dealer's answer only, not the list's"),
    createdAt: timestamp,
    updatedAt: timestamp,
    team: nullable(z.object({ id, name: z.string() }))
      .optional()
      .describe("The team whose territory holds the dealer (or set by hand); not in view=map's pins"),
    teamSetByHand: z
      .boolean()
      .optional()
      .describe("The team was set by hand, and a change of address keeps it; not in view=map's pins"),
  })
  .meta({ id: "Dealer" });

const visitOfficer = z
  .looseObject({ id, username: z.string(), firstName: nullable(z.string()), lastName: nullable(z.string()) })
  .describe("The officer who made the post");

export const dealerVisitsAnswer = z
  .looseObject({
    lastVisit: nullable(z.looseObject({ createdAt: timestamp, officer: visitOfficer })).describe(
      "The newest post naming the dealer, or null when none does",
    ),
    total: z.number().int().describe("Every visit of the dealer"),
    visits: z.array(
      z.looseObject({
        postId: id,
        type: z.string().describe("The post's type"),
        createdAt: timestamp,
        officer: visitOfficer,
        atDealer: z
          .boolean()
          .describe("Logged from a GPS fix within VISIT_RADIUS_M (300 m by default) of the dealer's place"),
        note: nullable(z.string()).describe(
          'Why not at the dealer: "Logged 40 km from the dealer", "Place typed, not from GPS", "No place given"',
        ),
      }),
    ),
    nextCursor: nullable(z.string()).describe("The next (older) page's cursor, or null on the last page"),
  })
  .meta({ id: "DealerVisits" });

export const teamDayAnswer = z
  .looseObject({
    date: z.string().describe("Today, yyyy-MM-dd in the app's time zone"),
    yesterday: z.string().describe("The day before, whose undone stops are missed"),
    team: nullable(id).describe("The team asked for, or null for all the viewer's people"),
    total: z.number().int().describe("The viewer's officers"),
    posted: z.number().int().describe("How many of them have posted today"),
    people: z
      .array(
        z.looseObject({
          id,
          username: z.string(),
          firstName: nullable(z.string()),
          lastName: nullable(z.string()),
          team: nullable(teamRef),
          posts: z.number().int().describe("Posts made today"),
          lastPostAt: nullable(timestamp).describe("The newest of today's posts"),
          planned: z.number().int().describe("Stops in today's visit plan (0 without a plan)"),
          done: z
            .number()
            .int()
            .describe("Of those, the stops visited at the dealer so far (a post for it today from a GPS fix near it)"),
          unconfirmed: z
            .number()
            .int()
            .describe("Of those, the stops with posts today logged away from the dealer or from a typed place"),
          unconfirmedStops: z
            .array(z.looseObject({ businessName: z.string(), note: z.string() }))
            .describe('Those stops and why: "Logged 40 km from the dealer", "Place typed, not from GPS"'),
          missedYesterday: z.number().int().describe("Stops of yesterday's plan left without any visit"),
          canPlan: z.boolean().describe("Whether the viewer may plan this officer's days"),
          targets: nullable(
            z.looseObject({
              measures: z.number().int().describe("Measures with a target this month"),
              behind: z.number().int().describe("Of those, the ones behind pace"),
              lowestPercent: z.number().int().describe("The lowest percentage of them"),
            }),
          ).describe("This month's targets at a glance; null without targets this month"),
        }),
      )
      .describe("Those who have not posted today first, then those who have, by name; at most 200"),
  })
  .meta({ id: "TeamDay" });

export const importAnswer = z
  .looseObject({
    total: z.number().int(),
    successful: z.number().int(),
    failed: z.number().int(),
    errors: z.array(z.string()).describe('One message per refused row, e.g. "Row 4: Business name is required"'),
  })
  .meta({ id: "ImportResult" });

export const rankingAnswer = z
  .looseObject({
    id,
    name: z.string(),
    username: z.string(),
    selectedAvatar: z.string(),
    currentBadge: nullable(z.string()),
    distance: z.string(),
    hours: z.string(),
    sales: money,
    recovery: money,
    dealers: z.number().int(),
    legsLeftOut,
  })
  .meta({ id: "AgentRanking" });

export const leaderboardAnswer = z
  .looseObject({
    id,
    username: z.string(),
    firstName: nullable(z.string()),
    lastName: nullable(z.string()),
    selectedAvatar: z.string(),
    currentBadge: nullable(z.string()),
    currentPerformanceScore: nullable(z.string()),
    performanceRank: nullable(z.number().int()),
    teamRank: nullable(z.number().int()).describe(
      "The place among the ranked officers of the officer's team; null when unranked or in no team",
    ),
    team: nullable(teamRef),
    lastPerformanceCalculation: nullable(timestamp),
  })
  .meta({ id: "LeaderboardEntry" });

export const calculationAnswer = z
  .looseObject({
    message: z.string(),
    calculatedAt: timestamp,
    officers: z.number().int(),
    ranked: z.number().int(),
    notifications: z.number().int(),
  })
  .meta({ id: "Calculation" });

export const checkInAnswer = z
  .looseObject({
    id,
    userId: id,
    type: z.string(),
    lat: coordinate,
    lng: coordinate,
    address: nullable(z.string()),
    source: placeSource,
    accuracyM: nullable(z.number()),
    createdAt: timestamp,
  })
  .meta({ id: "CheckIn" });

export const checkInStopAnswer = z
  .looseObject({
    userId: id,
    userDisplayName: z.string(),
    type: z.string(),
    lat: z.number(),
    lng: z.number(),
    address: nullable(z.string()),
    createdAt: timestamp,
    source: placeSource,
    accuracyM: nullable(z.number()),
    legLeftOut: nullable(z.enum(["too fast", "poor fix", "repeated point"])).describe(
      "Why the leg from the agent's previous check-in that day is not counted in distance and hours; null when it is",
    ),
  })
  .meta({ id: "CheckInStop" });

export const locationQualityAnswer = z
  .looseObject({
    userId: id,
    name: z.string(),
    username: z.string(),
    checkIns: z.number().int(),
    gpsShare: z.number().min(0).max(1).describe("GPS check-ins as a share of all, 0 to 1"),
    medianAccuracyM: nullable(z.number()).describe("The median accuracy of the GPS check-ins, in metres"),
    legsLeftOut,
  })
  .meta({ id: "LocationQuality" });

export const productAnswer = z.looseObject({ id: z.string(), name: z.string() }).meta({ id: "Product" });
export const geocodeAnswer = z
  .looseObject({ address: z.string(), fromProvider: z.boolean() })
  .meta({ id: "ReverseGeocode" });
export const uploadUrlAnswer = z.looseObject({ uploadURL: z.url(), expiresAt: timestamp }).meta({ id: "UploadUrl" });
export const storedObjectAnswer = z
  .looseObject({
    uploadId: z.string(),
    url: z.string(),
    kind: z.enum(["IMAGE", "VIDEO"]),
    mimeType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: "StoredObject" });
export const spreadsheetUploadAnswer = z.looseObject({ uploadId: z.string() }).meta({ id: "SpreadsheetUpload" });
export const countAnswer = z.looseObject({ count: z.number().int() }).meta({ id: "Count" });

const reportFigures = z
  .looseObject({
    sales: money,
    salesQty: z.number().int().describe("Bags sold"),
    salesByProduct: z
      .record(z.string(), z.looseObject({ qty: z.number().int(), amount: money }))
      .describe("By product code (SSP, ORGANIC, SULFUR)"),
    recovery: money,
    gap: money.describe("Sales minus recovery"),
    posts: z.number().int(),
    postsByType: z.record(z.string(), z.number().int()).describe("By post type"),
    visits: z.number().int().describe("Check-ins"),
    dealersVisited: z.number().int().describe("Distinct dealers named by posts"),
    newDealers: z.number().int().describe("Dealers added"),
    distanceKm: nullable(z.number()).describe(
      "As the rankings count it; null where the grouping or a filter cannot split a day's route",
    ),
    hours: nullable(z.number()).describe("As the rankings count them; null as for distanceKm"),
  })
  .meta({ id: "ReportFigures" });

const reportChange = z
  .record(z.string(), nullable(z.number()))
  .describe(
    "Change from the previous period in percent, 1 decimal, per figure (sales, recovery, gap, posts, visits, " +
      "dealersVisited, newDealers, distanceKm, hours); null when the previous period had none",
  );

const calendarPeriod = z.looseObject({
  from: z.string().describe("yyyy-MM-dd, Asia/Karachi"),
  to: z.string().describe("yyyy-MM-dd, included"),
});

export const reportAnswer = z
  .looseObject({
    period: calendarPeriod,
    previousPeriod: calendarPeriod.describe("The period of equal length just before"),
    groupBy: z.string(),
    filters: z.looseObject({ officer: nullable(id), province: nullable(z.string()), type: nullable(z.string()) }),
    rows: z.array(
      z.looseObject({
        key: z.string(),
        label: z.string(),
        current: reportFigures,
        previous: reportFigures,
        change: reportChange,
      }),
    ),
    totals: z.looseObject({ current: reportFigures, previous: reportFigures, change: reportChange }),
  })
  .meta({ id: "Report" });

// ---- Dealer accounts (decision 80) ----

export const ledgerEntryAnswer = z
  .looseObject({
    id,
    dealerId: id,
    kind: z.enum(LEDGER_KINDS),
    amount: money.describe("Signed: more than 0 the dealer owes more, less than 0 they owe less"),
    balanceAfter: money.describe("The dealer's balance once this entry counts (entries in order of `at`, then id)"),
    at: timestamp.describe("When it counts: the post's time for a post's entry, else when it was written"),
    postId: nullable(id).describe("The post it came from (kept after the post is deleted)"),
    reversesId: nullable(id).describe("The entry this one reverses"),
    reversedById: nullable(id).describe("The entry that reverses this one"),
    reason: nullable(z.string()),
    createdBy: nullable(z.looseObject({ id, name: z.string() })).describe("Who wrote it"),
  })
  .meta({ id: "LedgerEntry" });

export const dealerAccountAnswer = z
  .looseObject({
    dealerId: id,
    balance: money.describe("The sum of every entry: more than 0 the dealer owes, less than 0 they have paid ahead"),
    outstanding: money.describe("What the dealer owes (the balance, or 0.00 when they have paid ahead)"),
    overdue: money.describe("The part of the outstanding from sales older than the payment terms"),
    ageing: z
      .looseObject({ days0to30: money, days31to60: money, days61to90: money, over90: money })
      .describe("The outstanding by days since each unpaid sale (the oldest sales are paid first)"),
    creditLimit: nullable(money).describe("null: no limit"),
    paymentTermsDays: z.number().int().describe("The dealer's, or the company's default"),
    oldestUnpaidDays: nullable(z.number().int()).describe("Days since the oldest unpaid sale (null: nothing unpaid)"),
    asOf: timestamp.describe("When the figures were computed"),
  })
  .meta({ id: "DealerAccount" });

export const ledgerPageAnswer = z
  .looseObject({
    entries: z.array(ledgerEntryAnswer).describe("Newest first"),
    next: nullable(z.string()).describe("Send as `before` for the older entries (null: none)"),
  })
  .meta({ id: "LedgerPage" });

// ---- Dealer accounts across dealers (issue 48) ----

const accountFigures = z.looseObject({
  dealers: z.number().int().describe("Dealers that owe something"),
  outstanding: money.describe("What the dealers owe"),
  overdue: money.describe("The part of it from sales older than each dealer's payment terms"),
  ageing: z
    .looseObject({ days0to30: money, days31to60: money, days61to90: money, over90: money })
    .describe("The outstanding by days since the sale, oldest sales paid first"),
  recoveredThisMonth: money.describe("Recovery entries since the month's first local midnight, less those reversed"),
  overdueAtMonthStart: money.describe("What was overdue at the month's first local midnight"),
});

export const accountsReportAnswer = z
  .looseObject({
    date: z.string().describe("Today, yyyy-MM-dd, Asia/Karachi"),
    monthStart: z.string().describe("The month's first day, yyyy-MM-dd"),
    groupBy: z.string(),
    filters: z.looseObject({ team: nullable(id), province: nullable(z.string()) }),
    rows: z.array(z.looseObject({ key: z.string(), label: z.string(), ...accountFigures.shape })),
    totals: accountFigures,
    mostOverdue: z
      .array(
        z.looseObject({
          id,
          businessName: z.string(),
          city: z.string(),
          outstanding: money,
          overdue: money,
          oldestUnpaidDays: nullable(z.number().int()),
        }),
      )
      .describe("The ten dealers with the most overdue, most first"),
  })
  .meta({ id: "AccountsReport" });

// ---- The change feed and webhooks (decision 50) ----

const deletedAnswer = z.object({ deleted: z.literal(true) }).describe("The row is gone: only its id remains");

/** One change of one kind of row: the row as it is now, or `{ deleted: true }`. */
const changeOf = <T extends z.ZodType>(entity: string, row: T) =>
  z.looseObject({
    seq: z.number().int().positive().describe("The change's place in the feed (commit order)"),
    entity: z.literal(entity),
    id: id.describe("The row's id"),
    op: z.enum(CHANGE_OPS),
    at: timestamp.describe("When the change was committed"),
    data: z.union([row, deletedAnswer]).describe("The row as it is now (a later change may be after this one)"),
  });

const changeAnswer = z
  .discriminatedUnion("entity", [
    changeOf("post", postAnswer),
    changeOf("dealer", dealerAnswer),
    changeOf("checkin", checkInAnswer),
    changeOf("user", adminUserSchema),
    changeOf("ledger_entry", ledgerEntryAnswer),
    changeOf("target", targetRowAnswer),
    changeOf("farmer", farmerAnswer),
    changeOf("plot", plotAnswer),
  ])
  .meta({ id: "Change" });

export const changesAnswer = z
  .looseObject({
    items: z.array(changeAnswer),
    next: z.string().describe("Send as `since` next time (opaque)"),
    hasMore: z.boolean().describe("More changes wait after `next`: ask again at once"),
  })
  .meta({ id: "ChangesPage" });

/** A webhook's POST body: the change, as the feed answers it, and what the delivery is. */
export const webhookPayload = z
  .intersection(
    z.looseObject({
      event: z.enum(WEBHOOK_EVENTS).describe("entity.op"),
      deliveryId: id.describe("This delivery's id: retries of it carry the same id and the same bytes"),
    }),
    changeAnswer,
  )
  .meta({ id: "WebhookEvent" });
