import { translator } from "~/http/language.server";
import { isLanguage, type Language } from "~/lib/languages";
import type { EmailWords } from "~/models/password-reset.server";

/**
 * An email's words for a recipient (decision 103): in the language they chose, else in
 * `requestLanguage`, the language of the request that sends it (the reader's on a page, English
 * on /api).
 */
export function emailWords(requestLanguage: Language): EmailWords {
  return (saved) => translator(isLanguage(saved) ? saved : requestLanguage, ["people"]);
}
