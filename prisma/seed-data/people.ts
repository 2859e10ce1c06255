import type { Province } from "~/lib/provinces";

type SeedRole = "ADMIN" | "MANAGER" | "OFFICER";

/** An account of the demo team. Every account's password is "fieldline". */
export interface StaffMember {
  username: string;
  role: SeedRole;
  firstName: string;
  lastName: string;
  phone: string;
  /** Days before today that the account was created. */
  joinedDaysAgo: number;
}

/** How a field officer works: where, how often, and how well they sell and recover. */
export interface OfficerProfile extends StaffMember {
  role: "OFFICER";
  /** The officer lives and keeps a warehouse in the first town of the first cluster. */
  warehouseStreet: string;
  /** Groups of nearby towns; a working day is spent in one group. The first is home. */
  clusters: readonly (readonly string[])[];
  /** Dealers the officer registered, by town. */
  dealerTowns: readonly (readonly [town: string, count: number])[];
  /** How many of those dealers were registered in the last 30 days. */
  recentDealers: number;
  /** Probability of posting on a given day. */
  activity: number;
  /** Multiplies the size of the officer's sales. */
  salesScale: number;
  /** Recovery collected as a share of the officer's sales over the month. */
  recoveryRatio: number;
}

export const ADMIN: StaffMember = {
  username: "admin",
  role: "ADMIN",
  firstName: "Nadia",
  lastName: "Siddiqui",
  phone: "+92 300 8456123",
  joinedDaysAgo: 120,
};

export const MANAGER: StaffMember = {
  username: "manager",
  role: "MANAGER",
  firstName: "Tariq",
  lastName: "Mehmood",
  phone: "+92 321 4567890",
  joinedDaysAgo: 118,
};

/** Head office, Gulberg III, Lahore: the manager's and admin's base. */
export const HEAD_OFFICE = {
  lat: 31.5105,
  lng: 74.3436,
  address: "Office 14, Main Boulevard Gulberg III, Lahore, Punjab, Pakistan",
} as const;

/** A manager of a regional office: only in the three-team demo (SEED_TEAMS unset). */
export interface RegionalManager extends StaffMember {
  role: "MANAGER";
  office: { lat: number; lng: number; address: string };
}

export const REGIONAL_MANAGERS: readonly RegionalManager[] = [
  {
    username: "manager2",
    role: "MANAGER",
    firstName: "Rubina",
    lastName: "Shaikh",
    phone: "+92 300 3016482",
    joinedDaysAgo: 112,
    office: { lat: 25.396, lng: 68.3578, address: "Office 5, Auto Bhan Road, Hyderabad, Sindh, Pakistan" },
  },
  {
    username: "manager3",
    role: "MANAGER",
    firstName: "Kamran",
    lastName: "Afridi",
    phone: "+92 333 5208419",
    joinedDaysAgo: 108,
    office: {
      lat: 33.7104,
      lng: 73.0607,
      address: "Office 3, Blue Area, Jinnah Avenue, Islamabad, Islamabad Capital Territory, Pakistan",
    },
  },
];

/**
 * A team of the demo: its officers and the manager who leads it (usernames), and its territory.
 * A dealer belongs to the team whose districts hold its city, else whose provinces hold its
 * province (decision 42).
 */
export interface TeamProfile {
  name: string;
  manager: string;
  officers: readonly string[];
  provinces: readonly Province[];
  /** Districts as dealers' cities are written (the towns of seed-data/towns.ts). */
  districts: readonly string[];
}

/**
 * The demo's three regional teams (SEED_TEAMS unset or "three"), after the officers' home towns:
 * Punjab (Lahore, Faisalabad, Multan), Sindh & Balochistan (Hyderabad, Sukkur, Quetta), and the
 * north with the capital (Peshawar, Islamabad). Rawalpindi is in Punjab, but the capital's
 * officer works it: a district wins over a province.
 */
export const TEAMS: readonly TeamProfile[] = [
  {
    name: "Punjab",
    manager: "manager",
    officers: ["officer1", "officer2", "officer3"],
    provinces: ["Punjab"],
    districts: [],
  },
  {
    name: "Sindh & Balochistan",
    manager: "manager2",
    officers: ["officer4", "officer5", "officer7"],
    provinces: ["Sindh", "Balochistan"],
    districts: [],
  },
  {
    name: "North & Capital",
    manager: "manager3",
    officers: ["officer6", "officer8"],
    provinces: ["Khyber Pakhtunkhwa", "Islamabad Capital Territory", "Gilgit-Baltistan", "Azad Jammu & Kashmir"],
    districts: ["Rawalpindi"],
  },
];

/**
 * SEED_TEAMS=one (the test servers): one team of everyone, led by `manager`, with no territory,
 * and no other people, so that every test's counts are those of the seed before teams.
 */
export const ONE_TEAM = { name: "Field Team", manager: "manager" } as const;

export const OFFICERS: readonly OfficerProfile[] = [
  {
    username: "officer1",
    role: "OFFICER",
    firstName: "Ahmed",
    lastName: "Raza",
    phone: "+92 301 4418273",
    joinedDaysAgo: 95,
    warehouseStreet: "Godown 7, Akbari Mandi",
    clusters: [["Lahore", "Sheikhupura"], ["Lahore", "Kasur"], ["Okara"], ["Gujranwala", "Sialkot"]],
    dealerTowns: [
      ["Lahore", 3],
      ["Kasur", 2],
      ["Sheikhupura", 1],
      ["Okara", 2],
      ["Gujranwala", 1],
      ["Sialkot", 1],
    ],
    recentDealers: 4,
    activity: 0.9,
    salesScale: 1.15,
    recoveryRatio: 0.78,
  },
  {
    username: "officer2",
    role: "OFFICER",
    firstName: "Ayesha",
    lastName: "Khan",
    phone: "+92 333 6120947",
    joinedDaysAgo: 92,
    warehouseStreet: "Warehouse 3, Sargodha Road",
    clusters: [["Faisalabad", "Chiniot"], ["Faisalabad", "Toba Tek Singh"], ["Sargodha"], ["Jhang"], ["Sahiwal"]],
    dealerTowns: [
      ["Faisalabad", 3],
      ["Chiniot", 1],
      ["Toba Tek Singh", 1],
      ["Sargodha", 2],
      ["Jhang", 2],
      ["Sahiwal", 1],
    ],
    recentDealers: 3,
    activity: 0.84,
    salesScale: 1.0,
    recoveryRatio: 0.96,
  },
  {
    username: "officer3",
    role: "OFFICER",
    firstName: "Bilal",
    lastName: "Hussain",
    phone: "+92 300 7391562",
    joinedDaysAgo: 90,
    warehouseStreet: "Godown 12, Vehari Road",
    clusters: [["Multan", "Khanewal"], ["Multan", "Vehari"], ["Bahawalpur"], ["Rahim Yar Khan"], ["Dera Ghazi Khan"]],
    dealerTowns: [
      ["Multan", 3],
      ["Khanewal", 1],
      ["Vehari", 1],
      ["Bahawalpur", 2],
      ["Rahim Yar Khan", 2],
      ["Dera Ghazi Khan", 1],
    ],
    recentDealers: 2,
    activity: 0.8,
    salesScale: 1.45,
    recoveryRatio: 0.42,
  },
  {
    username: "officer4",
    role: "OFFICER",
    firstName: "Sana",
    lastName: "Memon",
    phone: "+92 345 2087634",
    joinedDaysAgo: 86,
    warehouseStreet: "Warehouse 5, Tando Jam Road",
    clusters: [["Hyderabad"], ["Karachi", "Thatta"], ["Mirpur Khas", "Sanghar"], ["Badin"]],
    dealerTowns: [
      ["Hyderabad", 2],
      ["Karachi", 2],
      ["Thatta", 1],
      ["Mirpur Khas", 1],
      ["Sanghar", 1],
      ["Badin", 1],
    ],
    recentDealers: 3,
    activity: 0.86,
    salesScale: 0.9,
    recoveryRatio: 0.88,
  },
  {
    username: "officer5",
    role: "OFFICER",
    firstName: "Imran",
    lastName: "Soomro",
    phone: "+92 303 3345871",
    joinedDaysAgo: 80,
    warehouseStreet: "Godown 2, Station Road",
    clusters: [["Sukkur", "Khairpur"], ["Larkana"], ["Nawabshah"], ["Dadu"], ["Jacobabad"]],
    dealerTowns: [
      ["Sukkur", 2],
      ["Khairpur", 1],
      ["Larkana", 1],
      ["Nawabshah", 1],
      ["Dadu", 1],
      ["Jacobabad", 1],
    ],
    recentDealers: 2,
    activity: 0.62,
    salesScale: 0.85,
    recoveryRatio: 0.6,
  },
  {
    username: "officer6",
    role: "OFFICER",
    firstName: "Farhan",
    lastName: "Khattak",
    phone: "+92 312 9056418",
    joinedDaysAgo: 78,
    warehouseStreet: "Warehouse 9, Ring Road",
    clusters: [
      ["Peshawar", "Charsadda"],
      ["Peshawar", "Nowshera"],
      ["Mardan"],
      ["Mingora"],
      ["Abbottabad", "Mansehra"],
      ["Kohat"],
      ["Dera Ismail Khan"],
    ],
    dealerTowns: [
      ["Peshawar", 2],
      ["Charsadda", 1],
      ["Nowshera", 1],
      ["Mardan", 2],
      ["Mingora", 2],
      ["Abbottabad", 1],
      ["Mansehra", 1],
      ["Kohat", 1],
      ["Dera Ismail Khan", 1],
    ],
    recentDealers: 5,
    activity: 0.72,
    salesScale: 0.8,
    recoveryRatio: 0.7,
  },
  {
    username: "officer7",
    role: "OFFICER",
    firstName: "Naveed",
    lastName: "Baloch",
    phone: "+92 336 8823057",
    joinedDaysAgo: 74,
    warehouseStreet: "Godown 4, Sariab Road",
    clusters: [["Quetta"], ["Sibi"], ["Loralai"], ["Khuzdar"], ["Turbat"]],
    dealerTowns: [
      ["Quetta", 2],
      ["Sibi", 1],
      ["Loralai", 1],
      ["Khuzdar", 1],
      ["Turbat", 1],
    ],
    recentDealers: 1,
    activity: 0.56,
    salesScale: 0.7,
    recoveryRatio: 0.55,
  },
  {
    username: "officer8",
    role: "OFFICER",
    firstName: "Zainab",
    lastName: "Abbasi",
    phone: "+92 315 5172940",
    joinedDaysAgo: 70,
    warehouseStreet: "Warehouse 11, Sihala Road",
    clusters: [
      ["Islamabad", "Rawalpindi"],
      ["Muzaffarabad", "Bagh"],
      ["Mirpur", "Kotli"],
      ["Gilgit", "Hunza"],
      ["Skardu"],
    ],
    dealerTowns: [
      ["Islamabad", 4],
      ["Rawalpindi", 1],
      ["Muzaffarabad", 1],
      ["Bagh", 1],
      ["Mirpur", 1],
      ["Kotli", 1],
      ["Gilgit", 2],
      ["Hunza", 1],
      ["Skardu", 1],
    ],
    recentDealers: 4,
    activity: 0.68,
    salesScale: 0.75,
    recoveryRatio: 0.82,
  },
];

/** Given names heard across the country (dealer owners, farmers). */
const COMMON_FIRST_NAMES = [
  "Muhammad Aslam",
  "Tariq",
  "Imran",
  "Nadeem",
  "Shahid",
  "Zahid",
  "Asif",
  "Khalid",
  "Sajid",
  "Naveed",
  "Irfan",
  "Javed",
  "Rashid",
  "Faisal",
  "Waqas",
  "Kamran",
  "Arshad",
  "Mushtaq",
  "Nasir",
  "Sohail",
  "Amjad",
  "Pervaiz",
  "Zafar",
  "Riaz",
  "Shaukat",
  "Muhammad Iqbal",
  "Abdul Ghafoor",
  "Ghulam Rasool",
];

/** Given and family names by province, for dealer owners and farmers. */
export const NAMES_BY_PROVINCE: Record<Province, { first: readonly string[]; last: readonly string[] }> = {
  Punjab: {
    first: [...COMMON_FIRST_NAMES, "Haji Bashir", "Rana Akram", "Allah Ditta", "Manzoor"],
    last: [
      "Chaudhry",
      "Gondal",
      "Bhatti",
      "Arain",
      "Gill",
      "Warraich",
      "Sandhu",
      "Cheema",
      "Malik",
      "Awan",
      "Butt",
      "Sheikh",
      "Sial",
      "Joiya",
      "Dogar",
    ],
  },
  Sindh: {
    first: [
      "Ali Nawaz",
      "Ghulam Mustafa",
      "Abdul Sattar",
      "Allah Bux",
      "Nazir Ahmed",
      "Mumtaz",
      "Shabbir",
      "Sikandar",
      "Gul Hassan",
      "Qadir Bux",
      "Asif",
      "Irfan",
    ],
    last: [
      "Soomro",
      "Memon",
      "Shaikh",
      "Abro",
      "Jatoi",
      "Mahar",
      "Chandio",
      "Talpur",
      "Khoso",
      "Magsi",
      "Unar",
      "Solangi",
      "Junejo",
    ],
  },
  "Khyber Pakhtunkhwa": {
    first: [
      "Gul Zaman",
      "Sher Ali",
      "Noor Muhammad",
      "Fazal Rabi",
      "Ihsanullah",
      "Bakht Zada",
      "Hayat Khan",
      "Wali Muhammad",
      "Saeed",
      "Zarak",
      "Shah Nawaz",
      "Amanullah",
    ],
    last: [
      "Khan",
      "Yousafzai",
      "Afridi",
      "Khattak",
      "Mohmand",
      "Shinwari",
      "Durrani",
      "Marwat",
      "Gandapur",
      "Swati",
      "Bangash",
      "Orakzai",
    ],
  },
  Balochistan: {
    first: [
      "Abdul Qadir",
      "Nawab",
      "Dad Muhammad",
      "Shah Jahan",
      "Jan Muhammad",
      "Gul Khan",
      "Dostain",
      "Abdul Wahid",
      "Habibullah",
      "Naseer",
    ],
    last: ["Baloch", "Mengal", "Bugti", "Rind", "Kakar", "Achakzai", "Marri", "Raisani", "Jamali", "Zehri", "Lehri"],
  },
  "Gilgit-Baltistan": {
    first: ["Karim", "Sultan", "Wazir", "Didar Ali", "Amin", "Rahmat", "Sher Baz", "Ghulam Abbas", "Mehdi"],
    last: ["Baig", "Shah", "Hunzai", "Balti", "Karim", "Nagri", "Kazmi"],
  },
  "Azad Jammu & Kashmir": {
    first: ["Raja Sajid", "Khalid", "Tahir", "Shafiq", "Zulfiqar", "Sardar Aslam", "Naeem", "Basharat"],
    last: ["Sudhan", "Abbasi", "Chaudhry", "Mughal", "Qureshi", "Rathore", "Awan", "Khan"],
  },
  "Islamabad Capital Territory": {
    first: ["Tahir", "Nasir", "Raja Imran", "Shahzad", "Jamil", "Kashif", "Adnan", "Ghulam Sarwar"],
    last: ["Abbasi", "Satti", "Kiyani", "Janjua", "Raja", "Awan", "Gujjar", "Qureshi"],
  },
};

/** Mobile network prefixes (Jazz, Zong, Ufone, Telenor). */
export const MOBILE_PREFIXES = [
  "300",
  "301",
  "302",
  "303",
  "304",
  "305",
  "306",
  "307",
  "308",
  "310",
  "311",
  "312",
  "313",
  "314",
  "315",
  "320",
  "321",
  "322",
  "323",
  "331",
  "332",
  "333",
  "334",
  "335",
  "336",
  "340",
  "341",
  "342",
  "343",
  "345",
  "346",
] as const;
