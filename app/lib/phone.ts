// Phone numbers as officers type them: "+92 300 1234567", "0300-1234567", "923001234567".

/** Only the last 4 digits show, as on the directory's cards: "•••• 4567". */
export function maskPhone(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (!digits) return "";
  return `•••• ${digits.slice(-4)}`;
}

/** Pakistani mobiles grouped as "+92 300 1234567"; anything else is shown as typed. */
export function formatPhone(phone: string | null | undefined): string {
  const typed = (phone ?? "").trim();
  const key = phoneKey(typed);
  if (/^923\d{9}$/.test(key)) return `+92 ${key.slice(2, 5)} ${key.slice(5)}`;
  return typed;
}

/** The digits of a number in one international form, so "0300-1234567" and "+92 300 1234567" match. */
export function phoneKey(phone: string | null | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  if (digits.startsWith("0092")) return digits.slice(2);
  if (digits.startsWith("0")) return `92${digits.slice(1)}`;
  if (/^3\d{9}$/.test(digits)) return `92${digits}`;
  return digits;
}

/** A tel: link target with only the digits and a leading +. */
export function telHref(phone: string): string {
  const key = phoneKey(phone);
  return key.startsWith("92") ? `tel:+${key}` : `tel:${phone.replace(/[^\d+]/g, "")}`;
}
