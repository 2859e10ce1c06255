import type { MessageKey, Translate } from "~/locales/namespaces";
import { PROVINCES, type Province } from "~/lib/provinces";

/** Each province's name as people read it (the dealers' namespace); the stored value stays the English name. */
const PROVINCE_LABELS: Record<Province, MessageKey> = {
  Punjab: "dealers:province.punjab",
  Sindh: "dealers:province.sindh",
  "Khyber Pakhtunkhwa": "dealers:province.khyberPakhtunkhwa",
  Balochistan: "dealers:province.balochistan",
  "Gilgit-Baltistan": "dealers:province.gilgitBaltistan",
  "Azad Jammu & Kashmir": "dealers:province.azadJammuKashmir",
  "Islamabad Capital Territory": "dealers:province.islamabad",
};

const isProvince = (value: string): value is Province => (PROVINCES as readonly string[]).includes(value);

/** A province's name in the reader's language; a place that is no province of the list (an old import's) as it was written. */
export function provinceLabel(t: Translate, value: string): string {
  return isProvince(value) ? t(PROVINCE_LABELS[value]) : value;
}
