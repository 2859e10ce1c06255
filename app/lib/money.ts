// Amounts are integer cents in the database; the API and forms use decimal strings with two places.

const MONEY_PATTERN = /^\d{1,12}(\.\d{1,2})?$/;
// Whole parts grouped the way officers write them: in thousands ("2,450", "1,250,000") or in
// lakhs and crores ("1,50,000", "1,25,00,000").
const GROUPED_WHOLE = /^(\d{1,3}(,\d{3})+|\d{1,2}(,\d{2})*,\d{3})(?=\.|$)/;

/**
 * "1234.5" or "1,234.5" -> 123450; null when the text is not a non-negative amount with at most
 * 2 decimals (grouping commas allowed, in thousands or in lakhs).
 */
export function parseMoneyToCents(text: string): number | null {
  let trimmed = text.trim();
  if (GROUPED_WHOLE.test(trimmed)) trimmed = trimmed.replaceAll(",", "");
  if (!MONEY_PATTERN.test(trimmed)) return null;
  const [whole = "0", fraction = ""] = trimmed.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** 123450 -> "1234.50" (for the API and form fields). */
export function centsToDecimal(cents: number | bigint): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const text = `${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
  return negative ? `-${text}` : text;
}

/** 123450 -> "$1,234.50", with the configured symbol (CURRENCY_SYMBOL in the root data's env). */
export function formatMoney(cents: number | bigint, symbol = "$"): string {
  const value = BigInt(cents);
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const whole = (abs / 100n).toString().replace(/\B(?=(\d{3})+(?!\d))/g, ",");
  return `${negative ? "-" : ""}${symbol}${whole}.${String(abs % 100n).padStart(2, "0")}`;
}

/** Price × quantity in cents: the server's total, and the form's live preview. */
export function saleTotalCents(priceCents: number, quantity: number): number {
  return priceCents * quantity;
}

/** "1234.5" (an API decimal string) -> "$1,234.50"; "" for no amount. */
export function formatAmount(decimal: string | null | undefined, symbol = "$"): string {
  if (decimal === null || decimal === undefined || decimal === "") return "";
  const cents = parseMoneyToCents(decimal.replace(/^-/, ""));
  if (cents === null) return decimal;
  return formatMoney(decimal.startsWith("-") ? -cents : cents, symbol);
}
