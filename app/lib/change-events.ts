// What the change feed (GET /api/changes) and webhooks speak of (decision 50): the entities whose
// rows are followed, what happened to a row, and the webhook events made of the two.

export const CHANGE_ENTITIES = ["post", "dealer", "checkin", "user", "target"] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export const CHANGE_OPS = ["created", "updated", "deleted"] as const;
export type ChangeOp = (typeof CHANGE_OPS)[number];

export type WebhookEvent = `${ChangeEntity}.${ChangeOp}`;

/** Every event a webhook may ask for: "post.created", "post.updated", … "target.deleted". */
export const WEBHOOK_EVENTS = CHANGE_ENTITIES.flatMap((entity) =>
  CHANGE_OPS.map((op): WebhookEvent => `${entity}.${op}`),
) as [WebhookEvent, ...WebhookEvent[]];

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "Fieldline-Signature";
