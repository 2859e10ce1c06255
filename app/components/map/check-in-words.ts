import { postTypeLabel } from "~/components/posts/post-type-labels";
import type { MessageKey, Translate } from "~/locales/namespaces";

/** The check-ins that are not posts: one sent on its own, and the day's start and end. */
const CHECK_IN_KEYS: Record<"CHECK_IN" | "DAY_START" | "DAY_END", MessageKey> = {
  CHECK_IN: "map:checkInType.checkIn",
  DAY_START: "map:checkInType.dayStart",
  DAY_END: "map:checkInType.dayEnd",
};

/** A check-in's type in the reader's language, as the map's routes show it: "Day Start", or its post's type ("Sale"). */
export function checkInTypeWords(t: Translate, type: string): string {
  const key = (CHECK_IN_KEYS as Partial<Record<string, MessageKey>>)[type];
  return key ? t(key) : postTypeLabel(t, type);
}
