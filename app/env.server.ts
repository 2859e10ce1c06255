import { z } from "zod";
import { PUBLIC_ENV_DEFAULTS } from "~/lib/public-env";

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
    TILE_URL: z.string().default(PUBLIC_ENV_DEFAULTS.TILE_URL),
    TILE_ATTRIBUTION: z.string().default(PUBLIC_ENV_DEFAULTS.TILE_ATTRIBUTION),
    GEOCODER_URL: z.url().default("https://nominatim.openstreetmap.org"),
    GEOCODER_TIMEOUT_MS: z.coerce.number().int().positive().default(2000),
    APP_TIME_ZONE: z.string().default(PUBLIC_ENV_DEFAULTS.APP_TIME_ZONE),
    CURRENCY_SYMBOL: z.string().default(PUBLIC_ENV_DEFAULTS.CURRENCY_SYMBOL),
    TRUST_PROXY: z.coerce.number().int().min(0).default(0),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(10),
    UPLOAD_RATE_LIMIT_PER_MINUTE: z.coerce.number().int().positive().default(60),
    /** Unset: Secure cookies exactly when APP_URL is https. */
    COOKIE_SECURE: z.stringbool().optional(),
    LOG_REQUESTS: z.stringbool().default(true),
    /** A main thread blocked this long ends the process, so the machine restarts it; 0 turns it off. */
    WATCHDOG_MS: z.coerce.number().int().min(0).default(20_000),
    LITEFS_DIR: z.string().optional(),
    FLY_APP_NAME: z.string().optional(),
  })
  .transform((env) => ({
    ...env,
    SESSION_SECRET: env.SESSION_SECRET ?? developmentOnlySecret(env.NODE_ENV),
    HTTPS: new URL(env.APP_URL).protocol === "https:",
    COOKIE_SECURE: env.COOKIE_SECURE ?? new URL(env.APP_URL).protocol === "https:",
  }));

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
export function publicEnv() {
  return {
    TILE_URL: env.TILE_URL,
    TILE_ATTRIBUTION: env.TILE_ATTRIBUTION,
    CURRENCY_SYMBOL: env.CURRENCY_SYMBOL,
    APP_TIME_ZONE: env.APP_TIME_ZONE,
  };
}
