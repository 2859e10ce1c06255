import fs from "node:fs";
import path from "node:path";
import { z } from "zod";
import { PUBLIC_ENV_DEFAULTS, type PublicEnv } from "~/lib/public-env";
import { DEFAULT_REGISTRATION_MODE, REGISTRATION_MODES } from "~/lib/registration-modes";

// Every setting the server reads, checked once at start. Defaults run a local demo;
// .env.example documents each one.
const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    APP_URL: z.url().default("http://localhost:3000"),
    DATABASE_URL: z.string().startsWith("file:").default("file:./data/fieldline.db"),
    SESSION_SECRET: z.string().min(32).optional(),
    DATA_DIR: z.string().default("./data"),
    SMTP_URL: z.string().optional(),
    MAIL_FROM: z.string().default("Fieldline <no-reply@fieldline.app>"),
    /**
     * Where the map's tiles come from (decision 107): `self`, the PMTiles archive of Pakistan in the
     * app's own storage (MAP_ARCHIVE_KEY); `url`, any XYZ tile server at TILE_URL. Unset: `self` when
     * the disk holds the archive, else `url`.
     */
    MAP_TILES: z.enum(["self", "url"]).optional(),
    TILE_URL: z.string().default(PUBLIC_ENV_DEFAULTS.TILE_URL),
    /** Unset: OpenStreetMap's credit for `url` tiles, Protomaps' and OpenStreetMap's for `self`. */
    TILE_ATTRIBUTION: z.string().optional(),
    /** Where typed addresses are placed: `none`, the town table only; or a Nominatim-compatible geocoder's URL. */
    GEOCODER: z.union([z.literal("none"), z.url()]).default("none"),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    APP_TIME_ZONE: z.string().default(PUBLIC_ENV_DEFAULTS.APP_TIME_ZONE),
    CURRENCY_SYMBOL: z.string().default(PUBLIC_ENV_DEFAULTS.CURRENCY_SYMBOL),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    /** Wrong sign-ins per client address a minute, for any accounts (spraying); known phones are spared (decision 58). */
    SIGN_IN_FAILURES_PER_MINUTE: z.coerce.number().int().positive().default(30),
    /** /api calls per API token a minute. */
    API_TOKEN_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(300),
    UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Megabytes of photos and videos one user may have stored per day. */
    UPLOAD_DAILY_MB: z.coerce.number().int().positive().default(200),
    /** A visit logged by GPS within this many metres of its dealer counts as at the dealer (decision 64). */
    VISIT_RADIUS_M: z.coerce.number().int().positive().max(100_000).default(300),
    /** Unset: Secure cookies exactly when APP_URL is https. */
    COOKIE_SECURE: z.stringbool().optional(),
    LOG_REQUESTS: z.stringbool().default(true),
    /** The least severe log lines written (app/infra/log.server.ts); `silent` writes none. */
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    /** A main thread blocked this long ends the process, so the machine restarts it; 0 turns it off. */
    WATCHDOG_MS: z.coerce.number().int().min(0).default(20_000),
    /** The port of the metrics' own listener (GET /metrics, decision 105); unset, there is none. */
    METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
    /** When set, the metrics answer only `Authorization: Bearer <METRICS_TOKEN>` (for hosts without Fly's private network). */
    METRICS_TOKEN: z.string().min(16).optional(),
    LITEFS_DIR: z.string().optional(),
    /** Where uploads live: the disk under DATA_DIR/uploads, or an S3-compatible bucket. */
    STORAGE: z.enum(["disk", "s3"]).default("disk"),
    // The bucket's settings; each falls back to the name `fly storage create` sets for Tigris.
    S3_BUCKET: z.string().min(1).optional(),
    BUCKET_NAME: z.string().min(1).optional(),
    S3_ENDPOINT: z.url().optional(),
    AWS_ENDPOINT_URL_S3: z.url().optional(),
    S3_REGION: z.string().min(1).optional(),
    AWS_REGION: z.string().min(1).optional(),
    S3_ACCESS_KEY_ID: z.string().min(1).optional(),
    AWS_ACCESS_KEY_ID: z.string().min(1).optional(),
    S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    AWS_SECRET_ACCESS_KEY: z.string().min(1).optional(),
    S3_FORCE_PATH_STYLE: z.stringbool().default(false),
    FLY_APP_NAME: z.string().optional(),
    /** Who may join until an admin chooses on /admin (app/lib/registration-modes.ts). */
    REGISTRATION_MODE: z.enum(REGISTRATION_MODES).default(DEFAULT_REGISTRATION_MODE),
    /** The company's email domains for REGISTRATION_MODE=domains, comma-separated. */
    REGISTRATION_DOMAINS: z.string().default(""),
    /** Hosts a webhook may reach although they are local or private (decision 50), comma-separated. */
    WEBHOOK_PRIVATE_HOSTS: z.string().default(""),
    /** The waits before each retry of a webhook delivery, in ms, comma-separated; the last repeats. */
    WEBHOOK_RETRY_MS: z
      .string()
      .regex(/^\d+(,\d+)*$/)
      .default("10000,60000,300000,1800000,7200000"),
    /** Attempts of one delivery before it is given up (FAILED) and the next event goes out. */
    WEBHOOK_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(10),
    /** One delivery's deadline in ms, from connecting to the end of the answer. */
    WEBHOOK_TIMEOUT_MS: z.coerce.number().int().positive().default(10_000),
    /** Deliveries that may wait per webhook; the oldest beyond are given up (FAILED). */
    WEBHOOK_MAX_PENDING: z.coerce.number().int().min(1).default(1000),
    /** How often the delivery worker looks for deliveries that are due. */
    WEBHOOK_POLL_MS: z.coerce.number().int().positive().default(1000),
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? developmentOnlySecret(env.NODE_ENV),
    HTTPS: new URL(env.APP_URL).protocol === "https:",
    COOKIE_SECURE: env.COOKIE_SECURE ?? new URL(env.APP_URL).protocol === "https:",
    S3: env.STORAGE === "s3" ? s3Settings(env) : null,
    ...mapSettings(env),
    WEBHOOK_PRIVATE_HOSTS: env.WEBHOOK_PRIVATE_HOSTS.split(",")
      .map((host) => host.trim().toLowerCase())
      .filter(Boolean),
    WEBHOOK_RETRY_MS: env.WEBHOOK_RETRY_MS.split(",").map(Number),
  }));

/** The self-hosted map's archive: its key in the bucket, and its path under DATA_DIR on the disk. */
export const MAP_ARCHIVE_KEY = "maps/pakistan.pmtiles";

/** What protomaps-leaflet credits by default: the vector tiles' schema and their data. */
const SELF_HOSTED_ATTRIBUTION =
  '<a href="https://protomaps.com">Protomaps</a> &copy; <a href="https://openstreetmap.org/copyright">OpenStreetMap</a>';

function mapSettings(env: {
  MAP_TILES?: "self" | "url";
  TILE_ATTRIBUTION?: string;
  DATA_DIR: string;
  STORAGE: string;
}) {
  const archiveFile = path.resolve(env.DATA_DIR, MAP_ARCHIVE_KEY);
  const tiles = env.MAP_TILES ?? (env.STORAGE === "disk" && fs.existsSync(archiveFile) ? "self" : "url");
  return {
    MAP_TILES: tiles,
    MAP_ARCHIVE_FILE: archiveFile,
    TILE_ATTRIBUTION:
      env.TILE_ATTRIBUTION ?? (tiles === "self" ? SELF_HOSTED_ATTRIBUTION : PUBLIC_ENV_DEFAULTS.TILE_ATTRIBUTION),
  };
}

/** The bucket behind STORAGE=s3, as app/infra/object-storage.server.ts connects to it. */
export type S3Settings = {
  bucket: string;
  /** Unset: AWS's own endpoint for the region. */
  endpoint: string | undefined;
  region: string;
  /** Unset: the SDK's usual sources (AWS_ACCESS_KEY_ID…, an instance role). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Bucket in the path (http://host/bucket/key), as local S3 servers and some providers need. */
  forcePathStyle: boolean;
};

function s3Settings(env: {
  S3_BUCKET?: string;
  BUCKET_NAME?: string;
  S3_ENDPOINT?: string;
  AWS_ENDPOINT_URL_S3?: string;
  S3_REGION?: string;
  AWS_REGION?: string;
  S3_ACCESS_KEY_ID?: string;
  AWS_ACCESS_KEY_ID?: string;
  S3_SECRET_ACCESS_KEY?: string;
  AWS_SECRET_ACCESS_KEY?: string;
  S3_FORCE_PATH_STYLE: boolean;
}): S3Settings {
  const bucket = env.S3_BUCKET ?? env.BUCKET_NAME;
  if (!bucket) throw new Error("STORAGE=s3 needs S3_BUCKET (or BUCKET_NAME, as `fly storage create` sets it).");
  const accessKeyId = env.S3_ACCESS_KEY_ID ?? env.AWS_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY ?? env.AWS_SECRET_ACCESS_KEY;
  return {
    bucket,
    endpoint: env.S3_ENDPOINT ?? env.AWS_ENDPOINT_URL_S3,
    region: env.S3_REGION ?? env.AWS_REGION ?? "auto",
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE,
  };
}

function developmentOnlySecret(nodeEnv: string): string {
  if (nodeEnv === "production") {
    throw new Error("SESSION_SECRET is required in production (32 characters or more).");
  }
  return "development-only-secret-never-use-in-production";
}

export type Env = z.infer<typeof envSchema>;

function loadEnv(): Env {
  const parsed = envSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new Error(`Invalid environment:\n${problems.join("\n")}`);
  }
  return parsed.data;
}

export const env = loadEnv();

/** Settings the browser may see; nothing secret goes here. */
export function publicEnv(): PublicEnv {
  return {
    MAP_TILES: env.MAP_TILES,
    TILE_URL: env.TILE_URL,
    TILE_ATTRIBUTION: env.TILE_ATTRIBUTION,
    CURRENCY_SYMBOL: env.CURRENCY_SYMBOL,
    APP_TIME_ZONE: env.APP_TIME_ZONE,
  };
}
