import { useMemo } from "react";
import { useHydrated } from "~/browser/hydrated";
import { FieldErrors } from "~/components/forms";
import { type DealerOrder, DealerSearch } from "~/components/posts/dealer-search";
import { formatMoney, parseMoneyToCents, saleTotalCents } from "~/lib/money";
import { POST_TYPES, SALE_PRODUCT_LABELS, SALE_PRODUCTS } from "~/lib/post-types";
import { DEALER_REQUIRED_TYPES, DEALER_TYPES, MAX_TEXT } from "~/models/post.rules";
import { RichMessage, useT } from "~/browser/i18n";
import type { Translate } from "~/locales/namespaces";
import { POST_TYPE_KEYS } from "./post-type-labels";

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
  const t = useT();
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {t("posts:form.typeLabel")}
      </label>
      <select
        id={field.id}
        name={field.name}
        defaultValue={type}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={field.errors ? true : undefined}
        className="field-input"
      >
        <option value="">{t("posts:form.typeChoose")}</option>
        {POST_TYPES.map((value) => (
          <option key={value} value={value}>
            {t(POST_TYPE_KEYS[value])}
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
  const t = useT();
  return (
    <div>
      <label htmlFor={field.id} className="field-label">
        {t("posts:form.description")}
      </label>
      <textarea
        id={field.id}
        name={field.name}
        rows={4}
        value={text}
        onChange={(event) => onChange(event.target.value)}
        placeholder={t("posts:form.descriptionPlaceholder")}
        aria-invalid={field.errors ? true : undefined}
        aria-describedby={`${field.id}-counter`}
        className="field-input py-2"
      />
      <p
        id={`${field.id}-counter`}
        className={`mt-1 text-end text-xs ${text.length > MAX_TEXT ? "text-danger-11" : "text-gray-11"}`}
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

/** "Ali Traders (Kasur, 2.4 km)": the dealer's place and, when the list is ordered from a place, how far. */
function dealerOptionText(t: Translate, dealer: DealerOption): string {
  const { businessName: name, city, distanceKm: km } = dealer;
  if (km === undefined) return `${name} (${city})`;
  const distance = t("posts:dealer.distance", { km: km < 10 ? km.toFixed(1) : String(Math.round(km)) });
  return `${name} (${city}${t("posts:dealer.separator")}${distance})`;
}

/** "owes $1,200.00, $300.00 overdue, limit $5,000.00": only what there is (nothing owed and no limit: nothing). */
function glanceText(t: Translate, account: AccountGlance | undefined, currency: string): string {
  if (!account || (account.outstandingCents === 0 && account.creditLimitCents === null)) return "";
  const parts = [t("posts:dealer.owes", { amount: formatMoney(account.outstandingCents, currency) })];
  if (account.overdueCents > 0)
    parts.push(t("posts:dealer.overdue", { amount: formatMoney(account.overdueCents, currency) }));
  if (account.creditLimitCents !== null)
    parts.push(t("posts:dealer.limit", { amount: formatMoney(account.creditLimitCents, currency) }));
  return ` · ${parts.join(t("posts:dealer.separator"))}`;
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
  const t = useT();
  // The same elements on every render of the form, so React does not compare up to 50 options each time.
  const dealerOptions = useMemo(
    () =>
      dealers.map((dealer) => (
        <option key={dealer.id} value={dealer.id}>
          {`${dealerOptionText(t, dealer)}${glanceText(t, dealer.account, currency)}`}
        </option>
      )),
    [dealers, currency, t],
  );
  return (
    <fieldset {...sectionProps("dealer", type, hydrated)} className="space-y-1">
      {search.total > 0 ? (
        <DealerSearch {...search} found={dealers.length} hydrated={hydrated} onFind={onFind} />
      ) : null}
      <label htmlFor={field.id} className="field-label">
        {hydrated
          ? DEALER_REQUIRED_TYPES.has(type)
            ? t("posts:dealer.labelRequired")
            : t("posts:dealer.labelOptional")
          : t("posts:dealer.labelWithoutScripts")}
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
        <option value="">{t("posts:dealer.choose")}</option>
        {dealerOptions}
        <option value="new">{t("posts:dealer.addOption")}</option>
      </select>
      {accountsAt ? (
        <p className="text-xs text-gray-11">{t("posts:dealer.balancesAsOf", { date: accountsAt })}</p>
      ) : null}
      <p className="text-xs text-gray-11">
        <RichMessage
          id="posts:dealer.notInList"
          components={{
            0: (
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
              />
            ),
          }}
        />
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
  const t = useT();
  const priceCents = parseMoneyToCents(price);
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const total = priceCents !== null && qty !== null ? formatMoney(saleTotalCents(priceCents, qty), "") : "0.00";
  return (
    <fieldset {...sectionProps("sale", type, hydrated)} className="space-y-3 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">
        {hydrated ? t("posts:sale.legend") : t("posts:sale.legendWithoutScripts")}
      </legend>
      <div>
        <label htmlFor={fields.product.id} className="field-label">
          {t("posts:sale.product")}
        </label>
        <select
          id={fields.product.id}
          name={fields.product.name}
          defaultValue={initial(fields.product)}
          className="field-input"
        >
          <option value="">{t("posts:sale.productChoose")}</option>
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
            {t("posts:sale.quantity")}
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
            dir="ltr"
          />
          <FieldErrors errors={fields.qty.errors} />
        </div>
        <div>
          <label htmlFor={fields.price.id} className="field-label">
            {t("posts:sale.price", { currency })}
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
            dir="ltr"
          />
          <FieldErrors errors={fields.price.errors} />
        </div>
      </div>
      {hydrated ? (
        <div>
          <label htmlFor="sale-total" className="field-label">
            {t("posts:sale.total", { currency })}
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
        <p className="text-xs text-gray-11">{t("posts:sale.totalWithoutScripts")}</p>
      )}
      <div>
        <label htmlFor={fields.paid.id} className="field-label">
          {t("posts:sale.paid", { currency })}
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
          dir="ltr"
        />
        <p id={`${fields.paid.id}-hint`} className="mt-1 text-xs text-gray-11">
          {t("posts:sale.paidHint")}
        </p>
        <FieldErrors errors={fields.paid.errors} />
      </div>
    </fieldset>
  );
}

export function RecoverySection({ field, type, currency }: { field: Field; type: string; currency: string }) {
  const hydrated = useHydrated();
  const t = useT();
  return (
    <fieldset {...sectionProps("recovery", type, hydrated)} className="space-y-1 rounded-lg border border-gray-5 p-3">
      <legend className="px-1 text-sm font-semibold">
        {hydrated ? t("posts:recovery.legend") : t("posts:recovery.legendWithoutScripts")}
      </legend>
      <label htmlFor={field.id} className="field-label">
        {t("posts:recovery.amount", { currency })}
      </label>
      <input
        id={field.id}
        name={field.name}
        type="text"
        inputMode="decimal"
        placeholder="0.00"
        defaultValue={initial(field)}
        className="field-input"
        dir="ltr"
      />
      <FieldErrors errors={field.errors} />
    </fieldset>
  );
}
