import { WEBHOOK_EVENTS } from "~/lib/change-events";
import { z } from "~/lib/zod";
import type { MessageKey } from "~/locales/namespaces";

// A webhook's input and answers (decision 50), shared by /admin/webhooks and /api/admin/webhooks.

const WEBHOOK_URL_REQUIRED: MessageKey = "admin:errors.webhookUrlRequired";
const WEBHOOK_URL_INVALID: MessageKey = "admin:errors.webhookUrlInvalid";
const WEBHOOK_EVENTS_REQUIRED: MessageKey = "admin:errors.webhookEventsRequired";
/** Its English names every event of WEBHOOK_EVENTS (webhook.schema.test.ts keeps them the same). */
const WEBHOOK_EVENTS_INVALID: MessageKey = "admin:errors.webhookEventsInvalid";
export const WEBHOOK_NOT_FOUND: MessageKey = "admin:errors.webhookNotFound";
/** The refusal of a webhook to a local or private address (a delivery's log keeps PRIVATE_ADDRESS, in English). */
export const WEBHOOK_URL_PRIVATE: MessageKey = "admin:errors.webhookUrlPrivate";
export const WEBHOOKS_MAX = 20;
/** Said with `{ max: WEBHOOKS_MAX }`. */
export const TOO_MANY_WEBHOOKS: MessageKey = "admin:errors.tooManyWebhooks";
const URL_MAX = 2000;

function isHttpUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password;
  } catch {
    return false;
  }
}

export const webhookSchema = z.object({
  url: z
    .string({ error: WEBHOOK_URL_REQUIRED })
    .trim()
    .min(1, WEBHOOK_URL_REQUIRED)
    .max(URL_MAX, "admin:errors.webhookUrlTooLong")
    .refine(isHttpUrl, WEBHOOK_URL_INVALID),
  events: z
    .array(z.enum(WEBHOOK_EVENTS, { error: WEBHOOK_EVENTS_INVALID }), {
      error: WEBHOOK_EVENTS_REQUIRED,
    })
    .min(1, WEBHOOK_EVENTS_REQUIRED)
    .max(WEBHOOK_EVENTS.length, WEBHOOK_EVENTS_REQUIRED),
});
export type WebhookInput = z.infer<typeof webhookSchema>;

export const DELIVERY_STATUSES = ["PENDING", "DELIVERED", "FAILED"] as const;
const deliveryStatus = z.enum(DELIVERY_STATUSES);

const webhookDeliverySchema = z.object({
  id: z.number().int(),
  event: z.enum(WEBHOOK_EVENTS),
  /** PENDING (waiting for its first or next attempt), DELIVERED (answered 2xx) or FAILED (given up). */
  status: deliveryStatus,
  attempts: z.number().int(),
  lastStatus: z
    .number()
    .int()
    .nullable()
    .describe("The receiver's HTTP status at the last attempt; null when unreached"),
  lastError: z.string().nullable(),
  lastAttemptAt: z.iso.datetime().nullable(),
  nextAttemptAt: z.iso.datetime().nullable().describe("When a PENDING delivery is tried next"),
});
export type WebhookDeliveryView = z.infer<typeof webhookDeliverySchema>;

export const webhookViewSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    events: z.array(z.enum(WEBHOOK_EVENTS)),
    createdAt: z.iso.datetime(),
    /** Deliveries still to go out (the first of them is being tried or waits for its retry). */
    pending: z.number().int(),
    /** The delivery tried most recently, or null before any. */
    lastDelivery: webhookDeliverySchema.nullable(),
  })
  .meta({ id: "Webhook" });
export type WebhookView = z.infer<typeof webhookViewSchema>;

export const createdWebhookSchema = z.object({
  webhook: webhookViewSchema,
  /** The HMAC-SHA256 key of the signatures: shown this once, never again. */
  secret: z.string(),
});
export type CreatedWebhook = z.infer<typeof createdWebhookSchema>;
