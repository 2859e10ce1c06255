import { useRef } from "react";

/** Without JavaScript, Find sends New Post's form with this intent: it comes back with what was typed and the dealers found. */
export const FIND_DEALER_INTENT = "find-dealer";

/** Where the list is ordered from: the post's place, the officer's last check-in or home, or nowhere (by name). */
export type DealerOrder = "post" | "check-in" | "home" | null;

const NEAREST_TO: Record<Exclude<DealerOrder, null>, string> = {
  post: "this post's place",
  "check-in": "your last check-in",
  home: "your home location",
};

function searchNote(query: string, found: number, total: number, order: DealerOrder): string {
  if (query !== "") {
    if (found === 0) return "No dealers found for your search.";
    return found === 1 ? "1 dealer found." : `${found} dealers found.`;
  }
  if (order) {
    const some = found < total ? ` (the nearest ${found} of ${total})` : "";
    return `Nearest first to ${NEAREST_TO[order]}${some}.`;
  }
  return found < total ? `The list shows the first ${found} of ${total} dealers by name.` : "Dealers by name.";
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
  return (
    <div className="space-y-1 pb-2">
      <label htmlFor="dealer-query" className="field-label">
        Find a dealer
      </label>
      <div className="flex gap-2">
        <input
          ref={input}
          id="dealer-query"
          type="search"
          name="dealerQuery"
          defaultValue={query}
          maxLength={100}
          placeholder="Name, owner, city or phone"
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
          Find
        </button>
      </div>
      <p className="text-xs text-gray-11">{searchNote(query, found, total, order)}</p>
    </div>
  );
}
