import type { Province } from "~/lib/provinces";

// Where a town is, roughly: its centre, to four decimals. The fallback when the geocoder cannot
// place a typed address (no JavaScript, so no map): a dealer or a home in a town is then put at the
// town's centre and marked approximate. The district headquarters of every province and the larger
// market towns where dealers sit; add a town here when officers report one missing.
type Town = { name: string; province: Province; lat: number; lng: number; aliases?: string[] };

export const TOWNS: Town[] = [
  { name: "Lahore", province: "Punjab", lat: 31.5204, lng: 74.3587 },
  { name: "Faisalabad", province: "Punjab", lat: 31.4504, lng: 73.135, aliases: ["Lyallpur"] },
  { name: "Rawalpindi", province: "Punjab", lat: 33.5651, lng: 73.0169, aliases: ["Pindi"] },
  { name: "Multan", province: "Punjab", lat: 30.1575, lng: 71.5249 },
  { name: "Gujranwala", province: "Punjab", lat: 32.1877, lng: 74.1945 },
  { name: "Sialkot", province: "Punjab", lat: 32.4945, lng: 74.5229 },
  { name: "Bahawalpur", province: "Punjab", lat: 29.3956, lng: 71.6836 },
  { name: "Sargodha", province: "Punjab", lat: 32.074, lng: 72.6861 },
  { name: "Sahiwal", province: "Punjab", lat: 30.6682, lng: 73.1114 },
  { name: "Okara", province: "Punjab", lat: 30.8138, lng: 73.4534 },
  { name: "Vehari", province: "Punjab", lat: 30.0452, lng: 72.3489 },
  { name: "Rahim Yar Khan", province: "Punjab", lat: 28.4202, lng: 70.2952 },
  { name: "Dera Ghazi Khan", province: "Punjab", lat: 30.0459, lng: 70.6403, aliases: ["DG Khan", "D.G. Khan"] },
  { name: "Jhang", province: "Punjab", lat: 31.2681, lng: 72.3181 },
  { name: "Sheikhupura", province: "Punjab", lat: 31.7167, lng: 73.985 },
  { name: "Kasur", province: "Punjab", lat: 31.1187, lng: 74.4507 },
  { name: "Gujrat", province: "Punjab", lat: 32.5731, lng: 74.0789 },
  { name: "Khanewal", province: "Punjab", lat: 30.3017, lng: 71.9321 },
  { name: "Pakpattan", province: "Punjab", lat: 30.3436, lng: 73.387 },
  { name: "Chiniot", province: "Punjab", lat: 31.72, lng: 72.9789 },
  { name: "Toba Tek Singh", province: "Punjab", lat: 30.9709, lng: 72.4827 },
  { name: "Hafizabad", province: "Punjab", lat: 32.0709, lng: 73.688 },
  { name: "Mandi Bahauddin", province: "Punjab", lat: 32.5861, lng: 73.4917 },
  { name: "Jhelum", province: "Punjab", lat: 32.9405, lng: 73.7276 },
  { name: "Attock", province: "Punjab", lat: 33.766, lng: 72.3609 },
  { name: "Chakwal", province: "Punjab", lat: 32.9303, lng: 72.8556 },
  { name: "Mianwali", province: "Punjab", lat: 32.5839, lng: 71.537 },
  { name: "Bhakkar", province: "Punjab", lat: 31.6333, lng: 71.0667 },
  { name: "Layyah", province: "Punjab", lat: 30.9693, lng: 70.9428 },
  { name: "Muzaffargarh", province: "Punjab", lat: 30.0736, lng: 71.1933 },
  { name: "Lodhran", province: "Punjab", lat: 29.5339, lng: 71.6324 },
  { name: "Bahawalnagar", province: "Punjab", lat: 29.9987, lng: 73.2536 },
  { name: "Khushab", province: "Punjab", lat: 32.2955, lng: 72.3489 },
  { name: "Narowal", province: "Punjab", lat: 32.102, lng: 74.873 },
  { name: "Nankana Sahib", province: "Punjab", lat: 31.4492, lng: 73.7124 },
  { name: "Rajanpur", province: "Punjab", lat: 29.1044, lng: 70.3301 },
  { name: "Karachi", province: "Sindh", lat: 24.8607, lng: 67.0011 },
  { name: "Hyderabad", province: "Sindh", lat: 25.396, lng: 68.3578 },
  { name: "Sukkur", province: "Sindh", lat: 27.7052, lng: 68.8574 },
  { name: "Larkana", province: "Sindh", lat: 27.557, lng: 68.2264 },
  { name: "Nawabshah", province: "Sindh", lat: 26.2442, lng: 68.41, aliases: ["Shaheed Benazirabad"] },
  { name: "Mirpur Khas", province: "Sindh", lat: 25.5276, lng: 69.0111, aliases: ["Mirpurkhas"] },
  { name: "Jacobabad", province: "Sindh", lat: 28.2769, lng: 68.4514 },
  { name: "Shikarpur", province: "Sindh", lat: 27.9556, lng: 68.6382 },
  { name: "Khairpur", province: "Sindh", lat: 27.5295, lng: 68.7592 },
  { name: "Dadu", province: "Sindh", lat: 26.7319, lng: 67.775 },
  { name: "Sanghar", province: "Sindh", lat: 26.0464, lng: 68.9481 },
  { name: "Badin", province: "Sindh", lat: 24.656, lng: 68.837 },
  { name: "Thatta", province: "Sindh", lat: 24.7461, lng: 67.9236 },
  { name: "Umerkot", province: "Sindh", lat: 25.3615, lng: 69.7361 },
  { name: "Tando Allahyar", province: "Sindh", lat: 25.4605, lng: 68.7192 },
  { name: "Peshawar", province: "Khyber Pakhtunkhwa", lat: 34.0151, lng: 71.5249 },
  { name: "Mardan", province: "Khyber Pakhtunkhwa", lat: 34.1989, lng: 72.0231 },
  { name: "Abbottabad", province: "Khyber Pakhtunkhwa", lat: 34.1688, lng: 73.2215 },
  { name: "Mingora", province: "Khyber Pakhtunkhwa", lat: 34.7717, lng: 72.36, aliases: ["Swat"] },
  { name: "Kohat", province: "Khyber Pakhtunkhwa", lat: 33.5869, lng: 71.4429 },
  { name: "Bannu", province: "Khyber Pakhtunkhwa", lat: 32.9889, lng: 70.6056 },
  {
    name: "Dera Ismail Khan",
    province: "Khyber Pakhtunkhwa",
    lat: 31.8626,
    lng: 70.9019,
    aliases: ["DI Khan", "D.I. Khan"],
  },
  { name: "Swabi", province: "Khyber Pakhtunkhwa", lat: 34.1202, lng: 72.4702 },
  { name: "Nowshera", province: "Khyber Pakhtunkhwa", lat: 34.0153, lng: 71.9747 },
  { name: "Charsadda", province: "Khyber Pakhtunkhwa", lat: 34.1453, lng: 71.7308 },
  { name: "Quetta", province: "Balochistan", lat: 30.1798, lng: 66.975 },
  { name: "Turbat", province: "Balochistan", lat: 26.0031, lng: 63.0544 },
  { name: "Gwadar", province: "Balochistan", lat: 25.1264, lng: 62.3225 },
  { name: "Khuzdar", province: "Balochistan", lat: 27.8119, lng: 66.611 },
  { name: "Sibi", province: "Balochistan", lat: 29.5448, lng: 67.8764 },
  { name: "Gilgit", province: "Gilgit-Baltistan", lat: 35.9208, lng: 74.3144 },
  { name: "Skardu", province: "Gilgit-Baltistan", lat: 35.2971, lng: 75.6333 },
  { name: "Muzaffarabad", province: "Azad Jammu & Kashmir", lat: 34.37, lng: 73.4711 },
  { name: "Mirpur", province: "Azad Jammu & Kashmir", lat: 33.1478, lng: 73.7516 },
  { name: "Islamabad", province: "Islamabad Capital Territory", lat: 33.6844, lng: 73.0479 },
];

const key = (text: string) => text.toLowerCase().replace(/[^a-z]/g, "");

const BY_NAME = new Map<string, Town[]>();
for (const town of TOWNS) {
  for (const name of [town.name, ...(town.aliases ?? [])])
    BY_NAME.set(key(name), [...(BY_NAME.get(key(name)) ?? []), town]);
}

/**
 * The town a name stands for (case, spaces and dots ignored), in the province when one is given;
 * null when the table has no such town there.
 */
export function findTown(name: string, province?: Province | null): { name: string; lat: number; lng: number } | null {
  const towns = BY_NAME.get(key(name)) ?? [];
  const town = province ? towns.find((candidate) => candidate.province === province) : towns[0];
  return town ? { name: town.name, lat: town.lat, lng: town.lng } : null;
}

/** The town named by one of the comma-separated parts of a typed address, the last such part first. */
export function findTownIn(address: string): { name: string; lat: number; lng: number } | null {
  const parts = address.split(",").reverse();
  for (const part of parts) {
    const town = findTown(part);
    if (town) return town;
  }
  return null;
}
