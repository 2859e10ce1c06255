/** The id of the dealer search's own form: its fields sit inside New Post's form and name it with form=. */
export const DEALER_SEARCH_FORM = "dealer-search";

function searchNote(query: string, found: number, total: number): string {
  if (query === "") return `The list shows the first ${found} of ${total} dealers by name.`;
  if (found === 0) return "No dealers found for your search.";
  return found === 1 ? "1 dealer found." : `${found} dealers found.`;
}

/** Find a dealer, when there are too many to list: submits the dealer search form (New Post's loader). */
export function DealerSearch({ query, total, found }: { query: string; total: number; found: number }) {
  return (
    <div className="space-y-1 pb-2">
      <label htmlFor="dealer-query" className="field-label">
        Find a dealer
      </label>
      <div className="flex gap-2">
        <input
          id="dealer-query"
          type="search"
          name="dealerQuery"
          form={DEALER_SEARCH_FORM}
          defaultValue={query}
          placeholder="Name, owner, city or phone"
          className="field-input flex-1"
        />
        <button type="submit" form={DEALER_SEARCH_FORM} className="btn-secondary px-3">
          Find
        </button>
      </div>
      <p className="text-xs text-gray-11">{searchNote(query, found, total)}</p>
    </div>
  );
}
