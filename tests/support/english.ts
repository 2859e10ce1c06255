import { setupI18n } from "@lingui/core";
import { compiledMessages } from "~/locales/catalogs.server";
import { type MessageKey, NAMESPACES } from "~/locales/namespaces";

const i18n = setupI18n({ locale: "en", messages: { en: compiledMessages("en", NAMESPACES) } });

/**
 * A message of the rules in English, as an English page and `/api` say it: the models' and
 * schemas' messages are catalogs' keys (decision 101), so a test expecting one reads it here.
 */
export function english(key: string, values?: Record<string, string | number>): string {
  return i18n._(key as MessageKey, values);
}
