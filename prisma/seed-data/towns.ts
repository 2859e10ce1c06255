import type { Province } from "~/lib/provinces";

/** A real town: centre coordinates, main post-office code, and a few of its market streets. */
export interface Town {
  name: string;
  province: Province;
  lat: number;
  lng: number;
  postalCode?: string;
  /** Markets and roads where agri-input shops sit (local names first). */
  markets: readonly string[];
}

export const TOWNS: readonly Town[] = [
  // ---- Punjab ----
  { name: "Lahore", province: "Punjab", lat: 31.5204, lng: 74.3587, postalCode: "54000", markets: ["Ferozepur Road", "Akbari Mandi", "Band Road"] },
  { name: "Kasur", province: "Punjab", lat: 31.1187, lng: 74.4507, postalCode: "55050", markets: ["Ghalla Mandi", "Kasur-Lahore Road"] },
  { name: "Sheikhupura", province: "Punjab", lat: 31.7167, lng: 73.985, postalCode: "39350", markets: ["Lahore Road", "Grain Market"] },
  { name: "Okara", province: "Punjab", lat: 30.8138, lng: 73.4534, postalCode: "56300", markets: ["Depalpur Road", "Grain Market Road"] },
  { name: "Gujranwala", province: "Punjab", lat: 32.1877, lng: 74.1945, postalCode: "52250", markets: ["G.T. Road", "Ghalla Mandi Sheranwala Bagh"] },
  { name: "Sialkot", province: "Punjab", lat: 32.4945, lng: 74.5229, postalCode: "51310", markets: ["Daska Road", "Anaj Mandi"] },
  { name: "Faisalabad", province: "Punjab", lat: 31.4504, lng: 73.135, postalCode: "38000", markets: ["Jhang Bazaar", "Sargodha Road", "Ghalla Mandi"] },
  { name: "Chiniot", province: "Punjab", lat: 31.72, lng: 72.9789, postalCode: "35400", markets: ["Faisalabad Road", "Grain Market"] },
  { name: "Toba Tek Singh", province: "Punjab", lat: 30.9709, lng: 72.4826, postalCode: "36050", markets: ["Gojra Road", "Ghalla Mandi"] },
  { name: "Sargodha", province: "Punjab", lat: 32.0836, lng: 72.6711, postalCode: "40100", markets: ["Faisalabad Road", "Kachehri Bazaar"] },
  { name: "Jhang", province: "Punjab", lat: 31.2781, lng: 72.3317, postalCode: "35200", markets: ["Gojra Road", "Grain Market Jhang Sadar"] },
  { name: "Sahiwal", province: "Punjab", lat: 30.6682, lng: 73.1114, postalCode: "57000", markets: ["High Street", "Ghalla Mandi"] },
  { name: "Multan", province: "Punjab", lat: 30.1575, lng: 71.5249, postalCode: "60000", markets: ["Vehari Road", "Hussain Agahi", "Ghalla Mandi"] },
  { name: "Khanewal", province: "Punjab", lat: 30.3017, lng: 71.9321, postalCode: "58150", markets: ["Multan Road", "Grain Market"] },
  { name: "Vehari", province: "Punjab", lat: 30.0452, lng: 72.3489, postalCode: "61100", markets: ["Multan Road", "Ghalla Mandi"] },
  { name: "Bahawalpur", province: "Punjab", lat: 29.3956, lng: 71.6836, postalCode: "63100", markets: ["Circular Road", "Ghalla Mandi"] },
  { name: "Rahim Yar Khan", province: "Punjab", lat: 28.4212, lng: 70.2989, postalCode: "64200", markets: ["Shahi Road", "Grain Market"] },
  { name: "Dera Ghazi Khan", province: "Punjab", lat: 30.0459, lng: 70.6403, postalCode: "32200", markets: ["Multan Road", "Block 17 Bazaar"] },
  { name: "Rawalpindi", province: "Punjab", lat: 33.5651, lng: 73.0169, postalCode: "46000", markets: ["Ganj Mandi", "Murree Road"] },

  // ---- Sindh ----
  { name: "Karachi", province: "Sindh", lat: 24.8607, lng: 67.0011, postalCode: "74000", markets: ["Jodia Bazaar", "Super Highway"] },
  { name: "Thatta", province: "Sindh", lat: 24.7461, lng: 67.9243, postalCode: "73130", markets: ["National Highway", "Shahi Bazaar"] },
  { name: "Hyderabad", province: "Sindh", lat: 25.396, lng: 68.3578, postalCode: "71000", markets: ["Market Road", "Tando Jam Road"] },
  { name: "Mirpur Khas", province: "Sindh", lat: 25.5276, lng: 69.0111, postalCode: "69000", markets: ["Umerkot Road", "Ghalla Mandi"] },
  { name: "Sanghar", province: "Sindh", lat: 26.0464, lng: 68.9481, postalCode: "68100", markets: ["Nawabshah Road", "Main Bazaar"] },
  { name: "Badin", province: "Sindh", lat: 24.656, lng: 68.837, postalCode: "72200", markets: ["Hyderabad Road", "Main Bazaar"] },
  { name: "Sukkur", province: "Sindh", lat: 27.7052, lng: 68.8574, postalCode: "65200", markets: ["Station Road", "Ghalla Mandi"] },
  { name: "Khairpur", province: "Sindh", lat: 27.5295, lng: 68.7592, postalCode: "66020", markets: ["Mirs Road", "Grain Market"] },
  { name: "Larkana", province: "Sindh", lat: 27.557, lng: 68.2264, postalCode: "77150", markets: ["Bunder Road", "Resham Gali"] },
  { name: "Nawabshah", province: "Sindh", lat: 26.2442, lng: 68.41, postalCode: "67450", markets: ["Sakrand Road", "Ghalla Mandi"] },
  { name: "Dadu", province: "Sindh", lat: 26.7319, lng: 67.775, postalCode: "76200", markets: ["Station Road", "Main Bazaar"] },
  { name: "Jacobabad", province: "Sindh", lat: 28.2769, lng: 68.4514, postalCode: "79000", markets: ["Quaid-e-Azam Road", "Grain Market"] },

  // ---- Khyber Pakhtunkhwa ----
  { name: "Peshawar", province: "Khyber Pakhtunkhwa", lat: 34.0151, lng: 71.5249, postalCode: "25000", markets: ["Ring Road", "Ghalla Mandi Chowk Yadgar"] },
  { name: "Charsadda", province: "Khyber Pakhtunkhwa", lat: 34.1453, lng: 71.7308, postalCode: "24420", markets: ["Mardan Road", "Farooq-e-Azam Chowk"] },
  { name: "Nowshera", province: "Khyber Pakhtunkhwa", lat: 34.0153, lng: 71.9747, postalCode: "24100", markets: ["G.T. Road", "Main Bazaar"] },
  { name: "Mardan", province: "Khyber Pakhtunkhwa", lat: 34.1986, lng: 72.0404, postalCode: "23200", markets: ["Bank Road", "Ghalla Mandi"] },
  { name: "Mingora", province: "Khyber Pakhtunkhwa", lat: 34.7717, lng: 72.36, postalCode: "19130", markets: ["Makan Bagh", "Green Chowk"] },
  { name: "Abbottabad", province: "Khyber Pakhtunkhwa", lat: 34.1688, lng: 73.2215, postalCode: "22010", markets: ["Mansehra Road", "Supply Bazaar"] },
  { name: "Mansehra", province: "Khyber Pakhtunkhwa", lat: 34.3302, lng: 73.1968, postalCode: "21300", markets: ["Shinkiari Road", "Main Bazaar"] },
  { name: "Kohat", province: "Khyber Pakhtunkhwa", lat: 33.5869, lng: 71.4429, postalCode: "26000", markets: ["Bannu Road", "Main Bazaar"] },
  { name: "Dera Ismail Khan", province: "Khyber Pakhtunkhwa", lat: 31.8314, lng: 70.9019, postalCode: "29050", markets: ["Circular Road", "Topanwala Bazaar"] },

  // ---- Balochistan ----
  { name: "Quetta", province: "Balochistan", lat: 30.1798, lng: 66.975, postalCode: "87300", markets: ["Sariab Road", "Jinnah Road"] },
  { name: "Sibi", province: "Balochistan", lat: 29.543, lng: 67.8773, postalCode: "82000", markets: ["Jinnah Road", "Main Bazaar"] },
  { name: "Loralai", province: "Balochistan", lat: 30.3705, lng: 68.5979, postalCode: "84800", markets: ["Main Bazaar", "Quetta Road"] },
  { name: "Khuzdar", province: "Balochistan", lat: 27.8119, lng: 66.6106, postalCode: "89100", markets: ["RCD Highway", "Main Bazaar"] },
  { name: "Turbat", province: "Balochistan", lat: 26.0031, lng: 63.0544, postalCode: "92600", markets: ["Main Bazaar", "Airport Road"] },

  // ---- Gilgit-Baltistan ----
  { name: "Gilgit", province: "Gilgit-Baltistan", lat: 35.9208, lng: 74.3144, postalCode: "15100", markets: ["NLI Chowk", "Airport Road"] },
  { name: "Hunza", province: "Gilgit-Baltistan", lat: 36.3167, lng: 74.65, markets: ["Aliabad Bazaar", "Karimabad Road"] },
  { name: "Skardu", province: "Gilgit-Baltistan", lat: 35.2971, lng: 75.6333, postalCode: "16100", markets: ["Yadgar Chowk", "Naya Bazaar"] },

  // ---- Azad Jammu & Kashmir ----
  { name: "Muzaffarabad", province: "Azad Jammu & Kashmir", lat: 34.37, lng: 73.4711, postalCode: "13100", markets: ["Madina Market", "Upper Adda"] },
  { name: "Bagh", province: "Azad Jammu & Kashmir", lat: 33.9811, lng: 73.7761, postalCode: "12500", markets: ["Main Bazaar", "Hadari Road"] },
  { name: "Mirpur", province: "Azad Jammu & Kashmir", lat: 33.1484, lng: 73.7519, postalCode: "10250", markets: ["Allama Iqbal Road", "Chowk Shaheedan"] },
  { name: "Kotli", province: "Azad Jammu & Kashmir", lat: 33.5184, lng: 73.9022, postalCode: "11100", markets: ["Main Bazaar", "Tatta Pani Road"] },

  // ---- Islamabad Capital Territory ----
  { name: "Islamabad", province: "Islamabad Capital Territory", lat: 33.6844, lng: 73.0479, postalCode: "44000", markets: ["Sabzi Mandi I-11", "Bhara Kahu Bazaar", "Sihala Road", "Tarnol Chowk"] },
];

/** Streets found in almost every Pakistani market town. */
export const GENERIC_MARKETS = [
  "Grain Market Road",
  "Main Bazaar",
  "Railway Road",
  "Circular Road",
  "Kutchery Road",
  "Canal Road",
  "Anaj Mandi",
  "Sabzi Mandi Road",
] as const;

/** Crops an officer talks about, by province. */
export const CROPS_BY_PROVINCE: Record<Province, readonly string[]> = {
  Punjab: ["wheat", "cotton", "rice", "sugarcane", "maize", "potato", "kinnow"],
  Sindh: ["cotton", "wheat", "rice", "sugarcane", "chilli", "banana"],
  "Khyber Pakhtunkhwa": ["maize", "wheat", "sugarcane", "tobacco", "onion"],
  Balochistan: ["wheat", "onion", "apple orchard", "dates", "cumin"],
  "Gilgit-Baltistan": ["potato", "wheat", "apricot orchard", "cherry orchard"],
  "Azad Jammu & Kashmir": ["maize", "wheat", "vegetables"],
  "Islamabad Capital Territory": ["vegetables", "wheat", "maize"],
};

export function townByName(name: string): Town {
  const town = TOWNS.find((candidate) => candidate.name === name);
  if (!town) throw new Error(`Unknown town in seed data: ${name}`);
  return town;
}
