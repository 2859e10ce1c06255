import { accuracyParts } from "~/lib/location-quality";
import type { Translate } from "~/locales/namespaces";

// How a post's (or a check-in's) place is labelled for people, in the reader's language.

/** An accuracy radius: "12 m", "1.2 km" (in Urdu, its units' names). */
function accuracyLabel(t: Translate, metres: number): string {
  const { value, unit } = accuracyParts(metres);
  return unit === "m" ? t("posts:place.metres", { value }) : t("posts:place.kilometres", { value });
}

/** How the place was had, with its accuracy where known; null for a source that is not ours. */
export function placeSourceLabel(t: Translate, source: string | null, accuracyM: number | null): string | null {
  const accuracy = accuracyM === null ? null : accuracyLabel(t, accuracyM);
  switch (source) {
    case "GPS":
      return accuracy === null ? t("posts:place.gps") : t("posts:place.gpsWithin", { accuracy });
    case "TYPED":
      return t("posts:place.typed");
    case "MAP":
      return t("posts:place.map");
    case "ADDRESS":
      return t("posts:place.address");
    case "API":
      return accuracy === null ? t("posts:place.api") : t("posts:place.apiWithin", { accuracy });
    default:
      return null;
  }
}
