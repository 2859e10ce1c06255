import type { PostType } from "~/lib/post-types";
import type { MessageKey, Translate } from "~/locales/namespaces";

/**
 * Each post type's label as people read it, in the catalogs (decision 101). The English labels
 * stay in lib/post-types.ts for what the server writes in English (statements, reports' files).
 */
export const POST_TYPE_KEYS: Record<PostType, MessageKey> = {
  FIELD_VISIT: "posts:type.fieldVisit",
  FARMER_MEETING: "posts:type.farmerMeeting",
  DEALER_MEETING: "posts:type.dealerMeeting",
  SALE: "posts:type.sale",
  RECOVERY: "posts:type.recovery",
  DEMO_PLOT: "posts:type.demoPlot",
  ANNOUNCEMENT: "posts:type.announcement",
};

/** A stored type's label in the reader's language; a type that is not ours shows as it is stored. */
export function postTypeLabel(t: Translate, type: string): string {
  const key = (POST_TYPE_KEYS as Partial<Record<string, MessageKey>>)[type];
  return key ? t(key) : type;
}
