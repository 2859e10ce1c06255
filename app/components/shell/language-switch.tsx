import { useLocation } from "react-router";
import { useT } from "~/browser/i18n";
import { type Language, LANGUAGE_NAMES, LANGUAGES } from "~/lib/languages";

// The language switch (decision 101): a plain <form>, as Lite mode's is, so that the answer is a
// whole page in the chosen language, its direction included, with scripts or without.

/** The page the switch is on, to come back to after it. */
function useHere(): string {
  const { pathname, search } = useLocation();
  return `${pathname}${search}`;
}

/**
 * The other languages, each named in its own script and marked as such, so that a reader who
 * cannot read this page's language still finds theirs.
 */
export function LanguageSwitch({ current, redirectTo }: { current: Language; redirectTo?: string }) {
  const t = useT();
  const here = useHere();
  return (
    <form
      method="post"
      action={`/language?${new URLSearchParams({ redirectTo: redirectTo ?? here })}`}
      className="flex flex-wrap items-center justify-center gap-2 text-gray-11"
    >
      <span id="language-label">{t("common:language.label")}:</span>
      {LANGUAGES.filter((language) => language !== current).map((language) => (
        <button
          key={language}
          type="submit"
          name="language"
          value={language}
          lang={language}
          className="link tap"
          aria-label={`${LANGUAGE_NAMES[language]}: ${t("common:language.switchTo", { language: LANGUAGE_NAMES[language] })}`}
        >
          {LANGUAGE_NAMES[language]}
        </button>
      ))}
    </form>
  );
}
