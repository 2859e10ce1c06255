import { useMemo } from "react";
import { useHydrated } from "~/browser/hydrated";
import { FieldErrors } from "~/components/forms";
import { type DealerOrder, DealerSearch } from "~/components/posts/dealer-search";
import { formatMoney, parseMoneyToCents, saleTotalCents } from "~/lib/money";
import { POST_TYPE_LABELS, POST_TYPES, SALE_PRODUCT_LABELS, SALE_PRODUCTS } from "~/lib/post-types";
import { DEALER_REQUIRED_TYPES, DEALER_TYPES, MAX_TEXT } from "~/models/post.rules";

// The fields of New Post's form. The sections for some post types only (dealer, sale, recovery)
// all show without JavaScript; with it, only the chosen type's.

/** A Conform field, as these fields use it. */
type Field = { id: string; name: string; errors: string[] | undefined; initialValue: unknown };

type Section = "sale" | "recovery" | "dealer" | "meeting";
const SECTION_TYPES: Record<Section, string> = {
  sale: "SALE",
  recovery: "RECOVERY",
  dealer: [...DEALER_TYPES].join(" "),
  meeting: "FARMER_MEETING",
};

/**
 * A section's fieldset attributes. Until React takes over, a browser with JavaScript already
 * hides (app.css) what it will hide then, so the form does not jump under the officer's finger.
 * The value names the types that show the section, which CSS also follows should the script never arrive.
 */
export function sectionProps(section: Section, type: string, hydrated: boolean) {
  const chosen = SECTION_TYPES[section].split(" ").includes(type);
  const shows = !hydrated || chosen;
  return {
    hidden: !shows,
    "data-hidden-with-js": !hydrated && !chosen ? SECTION_TYPES[section] : undefined,
    disabled: !shows,
  };
}

const initial = (field: Field) => String(field.initialValue ?? "");

export function PostTypeField({
  field,
  type,
  onChange,
}: {
  field: Field;
  type: string;
  onChange: (type: string) => void;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Post type *
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={type}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={field.errors ? true : undefined}
        className="field-input"
      >
        <option value="">Select a post type</option>
        {POST_TYPES.map((value) => (
          <option key={value} value={value}>
            {POST_TYPE_LABELS[value]}
          </option>
        ))}
      </select>
      <FieldErrors errors={field.errors} />
    </div>
  );
}

export function DescriptionField({
  field,
  text,
  onChange,
}: {
  field: Field;
  text: string;
  onChange: (text: string) => void;
}) {
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        Description
      </label>
      <textarea
        id={field.id}
        name={field.name}
        rows={4}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder="What happened in the field today?"
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={`${field.id}-counter`}
        className="field-input py-2"
      />
      <p
        id={`${field.id}-counter`}
        className={`mt-1 text-right text-xs ${text.length > MAX_TEXT ? "text-danger-11" : "text-gray-11"}`}
      >
        {text.length} / {MAX_TEXT}
      </p>
      <FieldErrors errors={field.errors} />
    </div>
  );
}

/** A dealer's account as the picker shows it, in cents (absent: not the viewer's to see). */
export type AccountGlance = {
  balanceCents: number;
  outstandingCents: number;
  overdueCents: number;
  creditLimitCents: number | null;
};

type DealerOption = { id: number; businessName: string; city: string; distanceKm?: number; account?: AccountGlance };

const distanceText = (km: number) => (km < 10 ? `${km.toFixed(1)} km` : `${Math.round(km)} km`);

/** "owes $1,200.00, $300.00 overdue, limit $5,000.00": only what there is (nothing owed and no limit: nothing). */
function glanceText(account: AccountGlance | undefined, currency: string): string {
  if (!account || (account.outstandingCents === 0 && account.creditLimitCents === null)) return "";
  const parts = [`owes ${formatMoney(account.outstandingCents, currency)}`];
  if (account.overdueCents > 0) parts.push(`${formatMoney(account.overdueCents, currency)} overdue`);
  if (account.creditLimitCents !== null) parts.push(`limit ${formatMoney(account.creditLimitCents, currency)}`);
  return ` · ${parts.join(", ")}`;
}

/** The dealer, for the post types that name one: nearest first when there is a place; a search finds any. */
type DealerSectionProps = {
  field: Field;
  type: string;
  dealers: DealerOption[];
  currency: string;
  /** When the dealers' accounts were read (null: none shown). */
  accountsAt: string | null;
  /** With JavaScript: the dealer chosen (its id, or "" for none), for the sale's live credit warning. */
  onDealer: (dealerId: string) => void;
  search: { query: string; total: number; order: DealerOrder };
  onFind: (query: string) => void;
  /** Without JavaScript "Add a new dealer" sends the form with this intent: the server keeps the draft. */
  addDealerIntent: string;
  /** With JavaScript: keeps what is typed in the tab, then goes to Add Dealer (also the "+ Add new dealer" choice). */
  onAddDealer: () => void;
};

export function DealerSection(props: DealerSectionProps) {
  const { field, type, dealers, currency, accountsAt, onDealer, search, onFind, addDealerIntent, onAddDealer } = props;
  const hydrated = useHydrated();
  // The same elements on every render of the form, so React does not compare up to 50 options each time.
  const dealerOptions = useMemo(
    () =>
      dealers.map((dealer) => (
        <option key={dealer.id} value={dealer.id}>
          {`${dealer.businessName} (${dealer.city}${dealer.distanceKm === undefined ? "" : `, ${distanceText(dealer.distanceKm)}`})${glanceText(dealer.account, currency)}`}
        </option>
      )),
    [dealers, currency],
  );
  return (
    <fieldset {...sectionProps("dealer", type, hydrated)} className="space-y-1">
      {search.total > 0 ? (
        <DealerSearch {...search} found={dealers.length} hydrated={hydrated} onFind={onFind} />
      ) : null}
      <label htmlFor={field.id} className="field-label">
        Dealer
        {hydrated
          ? DEALER_REQUIRED_TYPES.has(type)
            ? " *"
            : " (optional)"
          : " (required for Dealer Meeting and Recovery)"}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={initial(field)}
        className="field-input"
        aria-invalid={field.errors ? true : undefined}
        onChange={(event) => {
          if (event.target.value === "new") onAddDealer();
          else onDealer(event.target.value);
        }}
      >
        <option value="">Select a dealer</option>
        {dealerOptions}
        <option value="new">+ Add new dealer</option>
      </select>
      {accountsAt ? <p className="text-xs text-gray-11">{`Balances as of ${accountsAt}.`}</p> : null}
      <p className="text-xs text-gray-11">
        Not in the list?{" "}
        <button
          type="submit"
          name="intent"
          value={addDealerIntent}
          formNoValidate
          className="link tap px-1"
          onClick={(event) => {
            if (!hydrated) return;
            event.preventDefault();
            onAddDealer();
          }}
        >
          Add a new dealer
        </button>
      </p>
      <FieldErrors errors={field.errors} />
    </fieldset>
  );
}

type SaleProps = {
  fields: { product: Field; qty: Field; price: Field; paid: Field };
  type: string;
  currency: string;
  quantity: string;
  price: string;
  onQuantity: (quantity: string) => void;
  onPrice: (price: string) => void;
  paid: string;
  onPaid: (paid: string) => void;
};

/** A sale's product, quantity and price per unit; with JavaScript, the total as they are typed. */
export function SaleSection(props: SaleProps) {
  const { fields, type, currency, quantity, price, onQuantity, onPrice, paid, onPaid } = props;
  const hydrated = useHydrated();
  const priceCents = parseMoneyToCents(price);
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const total = priceCents !== null && qty !== null ? formatMoney(saleTotalCents(priceCents, qty), "") : "0.00";
  return (
    <fieldset {...sectionProps("sale", type, hydrated)} className="space-y-3 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">Sale{hydrated ? "" : " (for Sale posts)"}</legend>
      <div>
        <label htmlFor={fields.product.id} className="field-label">
          Product
        </label>
        <select
          id={fields.product.id}
          name={fields.product.name}
          defaultValue={initial(fields.product)}
          className="field-input"
        >
          <option value="">Select a product</option>
          {SALE_PRODUCTS.map((product) => (
            <option key={product} value={product}>
              {SALE_PRODUCT_LABELS[product]}
            </option>
          ))}
        </select>
        <FieldErrors errors={fields.product.errors} />
      </div>
      <div className="grid grid-cols-2 gap-3">
        <div>
          <label htmlFor={fields.qty.id} className="field-label">
            Quantity (bags)
          </label>
          <input
            id={fields.qty.id}
            name={fields.qty.name}
            type="number"
            inputMode="numeric"
            min={1}
            step={1}
            value={quantity}
            onChange={(event) => onQuantity(event.target.value)}
            className="field-input"
          />
          <FieldErrors errors={fields.qty.errors} />
        </div>
        <div>
          <label htmlFor={fields.price.id} className="field-label">
            Price per unit ({currency})
          </label>
          <input
            id={fields.price.id}
            name={fields.price.name}
            type="text"
            inputMode="decimal"
            placeholder="0.00"
            value={price}
            onChange={(event) => onPrice(event.target.value)}
            className="field-input"
          />
          <FieldErrors errors={fields.price.errors} />
        </div>
      </div>
      {hydrated ? (
        <div>
          <label htmlFor="sale-total" className="field-label">
            Total ({currency})
          </label>
          <output
            id="sale-total"
            htmlFor={`${fields.qty.id} ${fields.price.id}`}
            className="field-input flex items-center bg-gray-2 font-semibold"
          >
            {total}
          </output>
        </div>
      ) : (
        <p className="text-xs text-gray-11">The total (price × quantity) is worked out when you post.</p>
      )}
      <div>
        <label htmlFor={fields.paid.id} className="field-label">
          Paid at the counter ({currency})
        </label>
        <input
          id={fields.paid.id}
          name={fields.paid.name}
          type="text"
          inputMode="decimal"
          placeholder="0.00"
          value={paid}
          onChange={(event) => onPaid(event.target.value)}
          aria-describedby={`${fields.paid.id}-hint`}
          className="field-input"
        />
        <p id={`${fields.paid.id}-hint`} className="mt-1 text-xs text-gray-11">
          What the dealer paid now. Leave it empty when the sale is all on credit.
        </p>
        <FieldErrors errors={fields.paid.errors} />
      </div>
    </fieldset>
  );
}

export function RecoverySection({ field, type, currency }: { field: Field; type: string; currency: string }) {
  const hydrated = useHydrated();
  return (
    <fieldset {...sectionProps("recovery", type, hydrated)} className="space-y-1 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">Recovery{hydrated ? "" : " (for Recovery posts)"}</legend>
      <label htmlFor={field.id} className="field-label">
        Amount recovered ({currency})
      </label>
      <input
        id={field.id}
        name={field.name}
        type="text"
        inputMode="decimal"
        placeholder="0.00"
        defaultValue={initial(field)}
        className="field-input"
      />
      <FieldErrors errors={field.errors} />
    </fieldset>
  );
}
