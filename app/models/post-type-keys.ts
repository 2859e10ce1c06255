import type { PostType } from "~/lib/post-types";
import type { MessageKey } from "~/locales/namespaces";

/** A post's type as the dealer's visits and statement name it, in the reader's language. */
export const POST_TYPE_KEYS: Record<PostType, MessageKey> = {
  FIELD_VISIT: "dealers:statement.postType.fieldVisit",
  FARMER_MEETING: "dealers:statement.postType.farmerMeeting",
  DEALER_MEETING: "dealers:statement.postType.dealerMeeting",
  SALE: "dealers:statement.postType.sale",
  RECOVERY: "dealers:statement.postType.recovery",
  DEMO_PLOT: "dealers:statement.postType.demoPlot",
  ANNOUNCEMENT: "dealers:statement.postType.announcement",
};
