import type { Province } from "~/lib/provinces";

/** First words of agri-dealer shop names heard everywhere. */
const COMMON_NAME_PREFIXES = [
  "Al-Rehman",
  "Kissan",
  "Madina",
  "Bismillah",
  "Al-Noor",
  "Zamindar",
  "Ittefaq",
  "Al-Karim",
  "Rehmat",
  "Ghazi",
  "Usmania",
  "Al-Hamd",
  "Green Valley",
  "Sadiq",
  "Al-Fatah",
  "Shah Jee",
  "New Khan",
  "Al-Madina",
  "Hamza",
  "Al-Makkah",
  "Barkat",
  "Friends",
  "Al-Syed",
  "Noor",
];

/** Regional first words, by province. */
export const NAME_PREFIXES_BY_PROVINCE: Record<Province, readonly string[]> = {
  Punjab: [
    ...COMMON_NAME_PREFIXES,
    "Chenab",
    "Ravi",
    "Sutlej",
    "Thal",
    "Cholistan",
    "Punjab",
    "Chaudhry",
    "Bhatti",
    "Sandal Bar",
  ],
  Sindh: [...COMMON_NAME_PREFIXES, "Mehran", "Indus", "Sindh", "Shah Latif", "Sachal", "Kotri", "Rohri"],
  "Khyber Pakhtunkhwa": [
    ...COMMON_NAME_PREFIXES,
    "Sarhad",
    "Khyber",
    "Swat Valley",
    "Yousafzai",
    "Kabul River",
    "Frontier",
  ],
  Balochistan: [...COMMON_NAME_PREFIXES, "Bolan", "Quetta", "Chiltan", "Makran", "Baloch", "Kech"],
  "Gilgit-Baltistan": [
    "Karakoram",
    "Hunza Valley",
    "Rakaposhi",
    "Baltistan",
    "Indus Valley",
    "Nagar",
    "Al-Karim",
    "Noor",
  ],
  "Azad Jammu & Kashmir": ["Kashmir", "Neelum", "Jhelum Valley", "Pir Chinasi", "Mangla", "Al-Madina", "Poonch"],
  "Islamabad Capital Territory": ["Margalla", "Potohar", "Capital", "Rawal", "Al-Noor", "Bismillah", "Soan Valley"],
};

export const NAME_SUFFIXES = [
  "Fertilizer Traders",
  "Agro Centre",
  "Khad Store",
  "Seed & Fertilizer Corporation",
  "Agri Services",
  "Kissan Markaz",
  "Pesticides & Fertilizers",
  "Agro Traders",
  "Zarai Markaz",
  "Agri Mart",
  "Fertilizer Agency",
  "Trading Company",
] as const;

export const EMAIL_DOMAINS = ["gmail.com", "gmail.com", "gmail.com", "yahoo.com", "hotmail.com"] as const;

/** Notes an officer keeps about a dealer; {owner} is the owner's first name. */
export const DEALER_NOTES = [
  "Pays on time. Prefers SSP in 50 kg bags and lifts stock before the sowing rush.",
  "Visit before 11 am; {owner} goes to the mandi after Zuhr prayers.",
  "Credit limit agreed with the manager. Ask for the cheque on the 1st of each month.",
  "Good network of about 300 growers. Interested in hosting a farmer meeting at his dera.",
  "Also sells seed and pesticides. Competes with the DAP dealer across the road on price.",
  "Small shop but very loyal. Wants leaflets in Urdu and Sindhi for his customers.",
  "Outstanding balance from last season. Follow up on recovery every week.",
  "Storage is limited (about 400 bags). Deliver in two lots.",
  "Son handles WhatsApp orders; call {owner} only for payments.",
  "Keen on organic fertilizer for vegetable growers around the town.",
] as const;

/** "About" texts; {town}, {years}, {growers}, {crop} are filled in. */
export const DEALER_ABOUT = [
  "Family-run shop serving about {growers} growers around {town} for {years} years. Stocks SSP, organic fertilizer and sulfur, with certified {crop} seed in season.",
  "One of the busiest agri-input dealers in {town}'s grain market. Delivers to villages within 30 km on its own loader and offers credit to regular customers.",
  "Established {years} years ago by the current owner's father. Known for honest weights and advice on balanced fertilizer use, especially for {crop}.",
  "Dealer and commission agent (arhti) in {town}. Buys {crop} from farmers at harvest and supplies fertilizer on credit against the crop.",
  "Modern agri store with soil-testing tie-up with the district lab. Runs two farmer meetings every season with our team.",
] as const;
