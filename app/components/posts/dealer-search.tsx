import { useRef } from "react";
import { useT } from "~/browser/i18n";
import type { MessageKey, Translate } from "~/locales/namespaces";

/** Without JavaScript, Find sends New Post's form with this intent: it comes back with what was typed and the dealers found. */
export const FIND_DEALER_INTENT = "find-dealer";

/** Where the list is ordered from: the post's place, the officer's last check-in or home, or nowhere (by name). */
export type DealerOrder = "post" | "check-in" | "home" | null;

/** How a list ordered from a place says so: all the dealers there are, or the nearest `found` of them. */
const NEAREST_TO: Record<Exclude<DealerOrder, null>, { all: MessageKey; some: MessageKey }> = {
  post: { all: "posts:dealerSearch.nearestPost", some: "posts:dealerSearch.nearestPostSome" },
  "check-in": { all: "posts:dealerSearch.nearestCheckIn", some: "posts:dealerSearch.nearestCheckInSome" },
  home: { all: "posts:dealerSearch.nearestHome", some: "posts:dealerSearch.nearestHomeSome" },
};

function searchNote(t: Translate, query: string, found: number, total: number, order: DealerOrder): string {
  if (query !== "") {
    if (found === 0) return t("posts:dealerSearch.noneFound");
    return t("posts:dealerSearch.found", { count: found });
  }
  if (order) return found < total ? t(NEAREST_TO[order].some, { found, total }) : t(NEAREST_TO[order].all);
  return found < total ? t("posts:dealerSearch.firstByName", { found, total }) : t("posts:dealerSearch.byName");
}

type DealerSearchProps = {
  query: string;
  total: number;
  found: number;
  order: DealerOrder;
  hydrated: boolean;
  /** With JavaScript: the search answers in place. */
  onFind: (query: string) => void;
};

/** Find a dealer by name, owner, city or phone; says how the list is ordered. */
export function DealerSearch({ query, total, found, order, hydrated, onFind }: DealerSearchProps) {
  const input = useRef<HTMLInputElement>(null);
  const t = useT();
  return (
    <div className="space-y-1 pb-2">
      <label htmlFor="dealer-query" className="field-label">
        {t("posts:dealerSearch.label")}
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id="dealer-query"
          type="search"
          name="dealerQuery"
          defaultValue={query}
          maxLength={100}
          placeholder={t("posts:dealerSearch.placeholder")}
          className="field-input flex-1"
        />
        <button
          type="submit"
          name="intent"
          value={FIND_DEALER_INTENT}
          formNoValidate
          className="btn-secondary px-3"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onFind(input.current?.value.trim() ?? "");
          }}
        >
          {t("posts:dealerSearch.find")}
        </button>
      </div>
      <p className="text-xs text-gray-11">{searchNote(t, query, found, total, order)}</p>
    </div>
  );
}
