/** Pakistan's provinces and territories, in the spec's order and wording. */
export const PROVINCES = [
  "Punjab",
  "Sindh",
  "Khyber Pakhtunkhwa",
  "Balochistan",
  "Gilgit-Baltistan",
  "Azad Jammu & Kashmir",
  "Islamabad Capital Territory",
] as const;
export type Province = (typeof PROVINCES)[number];
