import { LANGUAGES } from "~/lib/languages";
import { z } from "~/lib/zod";

// The language switch (decision 101): the sign-in page's, the profile's and the language page's
// forms post `language` to /language, which remembers it on the device (and for the signed-in user).

export const LANGUAGE_INVALID = "common:language.invalid";

export const languageSchema = z.object({
  language: z.enum(LANGUAGES, { error: LANGUAGE_INVALID }),
});
