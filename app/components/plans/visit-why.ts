import { distanceParts, type VisitWhy } from "~/lib/visit-place";
import type { MessageKey, Translate } from "~/locales/namespaces";

// Why a plan's visit is not at the dealer, in the reader's language (lib/visit-place.ts writes the
// same in English for /api).

const NOT_GPS_KEYS: Partial<Record<string, MessageKey>> = {
  TYPED: "plans:visit.typed",
  MAP: "plans:visit.map",
  ADDRESS: "plans:visit.address",
  API: "plans:visit.api",
};

/** "Logged 1.4 km from the dealer", "Place typed, not from GPS"…; null for a visit at the dealer. */
export function visitWhyWords(t: Translate, why: VisitWhy | null): string | null {
  if (why === null) return null;
  switch (why.reason) {
    case "noPlace":
      return t("plans:visit.noPlace");
    case "far": {
      const { value, unit } = distanceParts(why.metres);
      const distance = unit === "m" ? t("plans:visit.metres", { value }) : t("plans:visit.kilometres", { value });
      return t("plans:visit.far", { distance });
    }
    case "notGps":
      return t(NOT_GPS_KEYS[why.source] ?? "plans:visit.notGps");
  }
}
