// What the change feed (GET /api/changes) and webhooks speak of (decision 50): the entities whose
// rows are followed, what happened to a row, and the webhook events made of the two.

export const CHANGE_ENTITIES = [
  "post",
  "dealer",
  "checkin",
  "user",
  "ledger_entry",
  "target",
  "farmer",
  "plot",
] as const;
export type ChangeEntity = (typeof CHANGE_ENTITIES)[number];

export const CHANGE_OPS = ["created", "updated", "deleted"] as const;
export type ChangeOp = (typeof CHANGE_OPS)[number];

export type WebhookEvent = `${ChangeEntity}.${ChangeOp}`;

/** The entities whose rows are only ever created (a dealer's ledger, decision 80). */
const APPEND_ONLY: ReadonlySet<ChangeEntity> = new Set(["ledger_entry"]);

/** Every event a webhook may ask for: "post.created", "post.updated", … "target.deleted", "ledger_entry.created". */
export const WEBHOOK_EVENTS = CHANGE_ENTITIES.flatMap((entity) =>
  (APPEND_ONLY.has(entity) ? (["created"] as const) : CHANGE_OPS).map((op): WebhookEvent => `${entity}.${op}`),
) as [WebhookEvent, ...WebhookEvent[]];

/** The header that carries a delivery's signature: `t=<unix seconds>,v1=<hex HMAC-SHA256>`. */
export const SIGNATURE_HEADER = "Fieldline-Signature";
