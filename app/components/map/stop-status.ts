import type { StopStatus } from "~/models/visit-plan.schema";
import type { MessageKey } from "~/locales/namespaces";

/** A visit plan stop's status as its badge says it, on the plan and on the map (the plans' words). */
export const STOP_STATUS_KEYS: Record<StopStatus, MessageKey> = {
  planned: "plans:stopStatus.planned",
  done: "plans:stopStatus.done",
  unconfirmed: "plans:stopStatus.unconfirmed",
  missed: "plans:stopStatus.missed",
};
