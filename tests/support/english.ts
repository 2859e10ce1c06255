import { readFileSync } from "node:fs";
import { setupI18n } from "@lingui/core";
import { compileMessage } from "@lingui/message-utils/compileMessage";
import { type MessageKey, NAMESPACES } from "~/locales/namespaces";

// Read from the files, not imported: Playwright's loader takes no JSON module without its import
// attribute, and the hostile suite's rows name the rules' messages too. Tests run from the root.
const catalogs: Record<string, string>[] = NAMESPACES.map((namespace) =>
  JSON.parse(readFileSync(`app/locales/en/${namespace}.json`, "utf8")),
);
const messages = Object.fromEntries(
  catalogs.flatMap((catalog) => Object.entries(catalog)).map(([key, message]) => [key, compileMessage(message)]),
);
const i18n = setupI18n({ locale: "en", messages: { en: messages } });

/**
 * A message of the rules in English, as an English page and `/api` say it: the models' and
 * schemas' messages are catalogs' keys (decision 101), so a test expecting one reads it here.
 */
export function english(key: string, values?: Record<string, string | number>): string {
  return i18n._(key as MessageKey, values);
}
