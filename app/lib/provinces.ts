/** Pakistan's provinces and territories, in the order and wording the province filters show. */
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
