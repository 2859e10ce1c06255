import { PLOT_STAGES, VISIT_STAGES } from "~/lib/plot-stages";
import { sqlite } from "~/db.server";
import { WEBHOOK_EVENTS } from "~/lib/change-events";
import { CROPS } from "~/lib/crops";
import { LEDGER_KINDS } from "~/lib/ledger";
import { POST_TYPES, SALE_PRODUCTS } from "~/lib/post-types";
import { TARGET_MEASURES } from "~/lib/target-measures";
import { TOKEN_SCOPES } from "~/models/api-token.schema";
import { DELIVERY_STATUSES } from "~/models/webhook.schema";

// The rows of the plain SQL reads (readRows, decision 36), declared once: each read's columns, their
// SQLite types as the schema declares them, whether they may be null, and the value each becomes.
// readRows checks a statement against its row when it prepares it, and every value under tests, so
// a renamed or retyped column fails there (decision 78). A read names its row here; its SQL stays
// beside the rule it serves.

const { integer, bigint, real, text, boolean, datetime, any } = sqlite;

/** The signed-in user's own columns (currentUserSelect) and their team's name. */
const currentUser = {
  id: integer,
  username: text,
  email: text,
  firstName: text.orNull,
  lastName: text.orNull,
  phone: text.orNull,
  role: text,
  language: text.orNull,
  selectedAvatar: text,
  currentBadge: text.orNull,
  homeLat: real.orNull,
  homeLng: real.orNull,
  homeAddress: text.orNull,
  warehouseLat: real.orNull,
  warehouseLng: real.orNull,
  warehouseAddress: text.orNull,
  currentPerformanceScore: real.orNull,
  performanceRank: integer.orNull,
  approval: text,
  teamId: integer.orNull,
  teamName: text.orNull,
};

/** The columns of a map pin (dealer.server's PIN_COLUMNS). */
const dealerPin = {
  id: integer,
  businessName: text,
  ownerFirstName: text.orNull,
  ownerLastName: text.orNull,
  phone: text.orNull,
  email: text.orNull,
  street: text,
  formattedAddress: text.orNull,
  city: text,
  state: text,
  lat: real,
  lng: real,
};

/** A report's grouping key and its label, whose types follow the grouping. */
const tally = { k: any.orNull, label: text.orNull };

export const sqlRows = {
  // Several models
  id: { id: integer },
  count: { count: integer },
  team: { id: integer, name: text },
  cents: { cents: bigint },
  // list-version.server
  listVersion: { version: bigint },
  // session.server
  sessionUser: currentUser,
  tokenUser: { ...currentUser, tokenId: integer, tokenScope: sqlite.oneOf(TOKEN_SCOPES), tokenUsedAt: datetime.orNull },
  // post.server
  post: {
    id: integer,
    type: text,
    text: text,
    headCount: integer.orNull,
    lat: real.orNull,
    lng: real.orNull,
    address: text.orNull,
    locationSource: text.orNull,
    locationAccuracyM: real.orNull,
    createdAt: datetime,
    saleProduct: text.orNull,
    saleQty: integer.orNull,
    salePriceCents: bigint.orNull,
    saleTotalCents: bigint.orNull,
    salePaidCents: bigint.orNull,
    recoveryAmountCents: bigint.orNull,
    userId: integer,
    username: text,
    email: text,
    authorRole: text,
    authorIsService: boolean,
    firstName: text.orNull,
    lastName: text.orNull,
    selectedAvatar: text,
    currentBadge: text.orNull,
    teamId: integer.orNull,
    teamName: text.orNull,
    dealerId: integer.orNull,
    dealerName: text.orNull,
    ownerFirstName: text.orNull,
    ownerLastName: text.orNull,
    likes: integer,
    comments: integer,
    liked: boolean,
  },
  postMedia: {
    id: integer,
    postId: integer,
    kind: text,
    url: text,
    thumbUrl: text.orNull,
    mimeType: text,
    durationSec: integer.orNull,
    width: integer.orNull,
    height: integer.orNull,
  },
  // dealer.server
  dealerPin: dealerPin,
  dealerListItem: {
    ...dealerPin,
    postalCode: text.orNull,
    notes: text.orNull,
    aboutDescription: text.orNull,
    locationApproximate: boolean,
    profilePictureUrl: text.orNull,
    createdAt: datetime,
    updatedAt: datetime,
    teamId: integer.orNull,
    teamSetByHand: boolean,
    teamName: text.orNull,
    /** The gallery's URLs as a JSON array. */
    gallery: text,
  },
  dealerCard: {
    id: integer,
    businessName: text,
    ownerFirstName: text.orNull,
    ownerLastName: text.orNull,
    phone: text.orNull,
    city: text,
    state: text,
    lat: real,
    lng: real,
    profilePictureThumbUrl: text.orNull,
  },
  dealerNear: { id: integer, businessName: text, city: text, lat: real, lng: real, inTerritory: boolean },
  dealerOption: { id: integer, businessName: text, city: text },
  dealerOptionAt: { id: integer, businessName: text, city: text, lat: real, lng: real },
  // team.server
  dealerTerritory: { id: integer, city: text, state: text, teamId: integer.orNull },
  // checkin.server
  checkInOfDay: {
    id: integer,
    userId: integer,
    type: text,
    lat: real,
    lng: real,
    address: text.orNull,
    source: text,
    accuracyM: real.orNull,
    createdAt: datetime,
    username: text,
    firstName: text.orNull,
    lastName: text.orNull,
  },
  // metrics.server
  metrics: {
    userId: integer,
    km: real.orNull,
    ms: integer.orNull,
    sales: bigint.orNull,
    recovery: bigint.orNull,
    dealers: integer.orNull,
    posts: integer.orNull,
    checkIns: integer.orNull,
    tooFast: integer.orNull,
    poorFix: integer.orNull,
    repeatedPoint: integer.orNull,
  },
  distanceToday: { userId: integer, km: real },
  // route-days.server: per officer (no day) or per day (no officer)
  route: { userId: integer.orNull, dayStart: datetime.orNull, km: real.orNull, ms: integer.orNull },
  routeDayDone: { dayStart: datetime },
  // team-day.server
  officerToday: {
    id: integer,
    username: text,
    firstName: text.orNull,
    lastName: text.orNull,
    teamId: integer.orNull,
    teamName: text.orNull,
    posts: integer,
    lastPostAt: datetime.orNull,
  },
  // targets.server
  achievement: {
    period: text,
    userId: integer,
    sspBags: integer,
    organicBags: integer,
    sulfurBags: integer,
    salesAmount: bigint,
    recoveryAmount: bigint,
    dealerVisits: integer,
    farmerMeetings: integer,
    demoPlots: integer,
  },
  /** A target, or a sum of targets: `who` is the officer, their team (null: none) or null for everyone. */
  targetValue: { who: integer.orNull, period: text, measure: sqlite.oneOf(TARGET_MEASURES), value: bigint },
  targetOfficer: {
    id: integer,
    username: text,
    firstName: text.orNull,
    lastName: text.orNull,
    teamId: integer.orNull,
    teamName: text.orNull,
  },
  // farmers-report.server: `grp` is the officer, their team (null: none) or null for all together;
  // `whole`: the row of every farmer of the groups, each once
  farmerReach: { whole: boolean, grp: integer.orNull, reached: integer, repeatFarmers: integer },
  farmerMeetings: { grp: integer.orNull, meetings: integer, headCount: integer, namedAttendees: integer },
  plotStages: {
    grp: integer.orNull,
    sown: integer,
    midSeason: integer,
    harvested: integer,
    gainPlots: integer,
    gainSum: integer,
  },
  plotGains: { product: sqlite.oneOf(SALE_PRODUCTS), crop: text, gainPlots: integer, gainSum: integer },
  // report.server
  postTally: {
    ...tally,
    type: sqlite.oneOf(POST_TYPES),
    saleProduct: sqlite.oneOf(SALE_PRODUCTS).orNull,
    n: integer,
    qty: integer.orNull,
    sales: bigint.orNull,
    recovery: bigint.orNull,
  },
  tally: { ...tally, n: integer },
  n: { n: integer },
  reportUser: {
    id: integer,
    firstName: text.orNull,
    lastName: text.orNull,
    username: text,
    teamId: integer.orNull,
    role: text,
  },
  officerName: { id: integer, firstName: text.orNull, lastName: text.orNull, username: text },
  // webhook.server, webhook-delivery.server
  pendingDeliveries: { endpointId: integer, count: integer },
  delivery: {
    id: integer,
    endpointId: integer,
    event: sqlite.oneOf(WEBHOOK_EVENTS),
    status: sqlite.oneOf(DELIVERY_STATUSES),
    attempts: integer,
    lastStatus: integer.orNull,
    lastError: text.orNull,
    lastAttemptAt: datetime.orNull,
    nextAttemptAt: datetime,
  },
  deliveryHead: { endpointId: integer, nextAttemptAt: datetime },
  endpoint: { endpointId: integer },
  // ledger.server
  accountSummary: {
    dealerId: integer,
    creditLimitCents: bigint.orNull,
    paymentTermsDays: integer,
    balanceCents: bigint,
    outstandingCents: bigint,
    overdueCents: bigint,
    days0to30: bigint,
    days31to60: bigint,
    days61to90: bigint,
    over90: bigint,
    oldestUnpaidDays: integer.orNull,
  },
  dealerCents: { dealerId: integer, cents: bigint },
  // accounts-report.server
  accountDealer: {
    id: integer,
    businessName: text,
    city: text,
    state: text,
    teamId: integer.orNull,
    teamName: text.orNull,
    officerId: integer.orNull,
    officerFirstName: text.orNull,
    officerLastName: text.orNull,
  },
  ledgerEntry: {
    id: integer,
    dealerId: integer,
    kind: sqlite.oneOf(LEDGER_KINDS),
    amountCents: bigint,
    balanceAfterCents: bigint,
    at: datetime,
    postId: integer.orNull,
    reversesId: integer.orNull,
    reversedById: integer.orNull,
    reason: text.orNull,
    createdById: integer.orNull,
    createdByName: text,
    createdByUsername: text.orNull,
  },
  // ledger.server, New Post's part
  balanceAfterRecovery: { postId: integer, teamId: integer.orNull, cents: bigint },
  // visit-plan.server: a plan's stops in driving order, with the plan's day and owner
  planStop: { userId: integer, day: text, dealerId: integer, businessName: text, city: text },
  // plot-visits-due.server
  plotVisitDue: {
    plotId: integer,
    visit: sqlite.oneOf(VISIT_STAGES),
    dueOn: text,
    crop: sqlite.oneOf(CROPS),
    farmerName: text,
    officerId: integer,
    firstName: text.orNull,
    lastName: text.orNull,
    total: integer,
  },
  // plot-map.server
  plotPin: {
    id: integer,
    stage: sqlite.oneOf(PLOT_STAGES),
    crop: sqlite.oneOf(CROPS),
    product: sqlite.oneOf(SALE_PRODUCTS),
    farmerName: text,
    lat: real,
    lng: real,
  },
};
