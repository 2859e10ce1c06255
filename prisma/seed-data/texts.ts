import type { Province } from "~/lib/provinces";
import type { PostType } from "~/lib/post-types";

/**
 * Village names as they appear around each province's towns. "{n}" becomes a number and
 * "{name}" a local given name.
 */
export const VILLAGE_PATTERNS: Record<Province, readonly string[]> = {
  Punjab: [
    "Chak {n} GB",
    "Chak {n} RB",
    "Chak {n}/JB",
    "Basti {name}",
    "Mauza {name} Wala",
    "Kot {name}",
    "Pind {name}",
  ],
  Sindh: ["Goth {name}", "Deh {name}", "Goth {name} Khan", "{name} Jo Goth"],
  "Khyber Pakhtunkhwa": ["Kalay {name}", "Dheri {name}", "Banda {name}", "Shah Dheri"],
  Balochistan: ["Killi {name}", "Killi {name} Khan", "Kahan {name}"],
  "Gilgit-Baltistan": ["{name}abad", "Mohalla {name}", "Minapin", "Nasirabad"],
  "Azad Jammu & Kashmir": ["Dhok {name}", "Gali {name}", "Mohra {name}"],
  "Islamabad Capital Territory": ["Tarlai", "Chak Shahzad", "Sihala", "Bhara Kahu", "Tarnol", "Jhang Syedan", "Rawat"],
};

/** Short names used inside village names ("Basti Maula Bakhsh", "Goth Ali Nawaz"). */
export const VILLAGE_NAMES = [
  "Maula Bakhsh",
  "Ali Nawaz",
  "Karim",
  "Haji Sher",
  "Fateh",
  "Noor",
  "Rasool",
  "Qadir",
  "Mehr",
  "Sultan",
  "Jalal",
  "Bahadur",
  "Daud",
  "Sarwar",
  "Lal",
  "Pir",
  "Shahab",
  "Bagh",
] as const;

/**
 * Post texts by type. Placeholders: {dealer} {owner} {town} {village} {farmer} {crop} {qty}
 * {product} {n}.
 */
export const POST_TEXTS: Record<PostType, readonly string[]> = {
  SALE: [
    "Sold {qty} bags of {product} to {dealer}, {town}. {owner} sahib expects more demand before {crop} sowing.",
    "Booked {qty} bags of {product} at {dealer}. Payment half cash, half on 30 days credit.",
    "{qty} bags of {product} delivered to {dealer} today. Stock had finished in the mandi, so good timing.",
    "New order from {dealer}: {qty} bags of {product}. Growers around {village} want it for {crop}.",
    "Closed a sale of {qty} bags with {owner} at {dealer}. He will push it with the {crop} growers this week.",
    "{dealer} lifted {qty} bags of {product} today. Zameendars around {town} are preparing land for {crop}.",
  ],
  FIELD_VISIT: [
    "Field visit to {village}. {crop} looks healthy; advised farmers on the phosphorus dose at sowing.",
    "Visited farms around {village} with the local dealer. Zinc and sulfur deficiency visible in {crop}; recommended sulfur with SSP.",
    "Checked {crop} fields near {village}, {town}. Farmers happy with last season's SSP results.",
    "Walked the {crop} fields of {farmer} at {village}. Took soil samples for the {town} lab.",
    "Canal water reached {village} today; farmers are starting land preparation for {crop}.",
    "Visited {village} after the rain. Most fields are fine; low-lying {crop} fields need drainage.",
  ],
  FARMER_MEETING: [
    "Kisan meeting at the {village} chaupal with {n} farmers. Explained balanced fertilizer use for {crop}.",
    "Farmer meeting at {farmer}'s dera in {village}. {n} zameendars attended; distributed Urdu leaflets on SSP.",
    "Held a baithak with {n} growers at {village}. Most questions were about {crop} yield and the DAP price.",
    "Met {n} farmers after Asr prayers at {village}. Many are interested in organic fertilizer for vegetables.",
    "Evening meeting with {n} {crop} growers of {village}, arranged by {dealer}. Good response to the SSP offer.",
  ],
  DEALER_MEETING: [
    "Met {owner} at {dealer}. Discussed stock position for the {crop} season and our new SSP scheme.",
    "Meeting with {dealer}, {town}. They want display boards and leaflets in Urdu for farmers.",
    "Visited {dealer} to review last month's sales. A competitor is offering a lower DAP rate; explained SSP's cost per acre.",
    "Sat with {owner} at his dukaan in {town}. He will arrange a kisan baithak next week at {village}.",
    "Stock check at {dealer}: about {n}0 bags of SSP left, sulfur finished. Order expected on Monday.",
  ],
  RECOVERY: [
    "Recovery from {dealer} against last month's SSP invoice. Balance is now clear.",
    "Collected payment from {owner} at {dealer}. Remaining dues promised after the {crop} harvest.",
    "Recovery visit to {dealer}, {town}: part received by bank transfer, cheque for the rest next week.",
    "{dealer} cleared a part of the outstanding amount today. Shared the updated ledger with {owner} sahib.",
    "Recovered dues from {dealer}. {owner} asked for the same credit terms for the next lot.",
  ],
  DEMO_PLOT: [
    "Demo plot laid out at {farmer}'s farm in {village}: one acre of {crop} with SSP against one acre without.",
    "Visited the demo plot at {village}. {crop} on the SSP side is visibly greener with better growth.",
    "Demo plot day at {village}: {n} farmers came to compare the plots. Very good response.",
    "Sulfur demo on {crop} at {village}, {town}. First observations next week.",
    "Measured plant height at the {village} demo plot. SSP side ahead by a good margin; {farmer} is convinced.",
  ],
  ANNOUNCEMENT: [
    "Kisan mela in {town} on Sunday at the Ghalla Mandi. All dealers of the area are invited.",
    "Fresh stock of SSP arrived at the {town} warehouse. Dealers can lift from tomorrow morning.",
    "Farmer field day at the {village} demo plot next Thursday. Please bring your progressive growers.",
  ],
};

/** Announcements by the manager and the admin, from the head office. */
export const OFFICE_ANNOUNCEMENTS = [
  "Team, monthly targets are updated in the sales sheet. Please keep recovery above 80% of sales.",
  "Reminder: post every dealer visit with its location so that the map stays accurate.",
  "New SSP price list applies from Monday. Please inform your dealers this week.",
  "Great month so far! The top three officers will be recognised at the monthly meeting in Lahore.",
  "Weekly review call on Friday at 4 pm. Bring your dealer list and pending recoveries.",
  "Safety first: avoid travelling after dark on the Indus Highway and the Quetta–Karachi road.",
  "Performance scores are recalculated every morning. Check your position in the Rankings tab.",
  "Organic fertilizer stock is available in the Multan and Hyderabad warehouses.",
  "Please complete dealer phone numbers and About sections in the directory this week.",
] as const;

export const GENERIC_COMMENTS = [
  "Great work!",
  "Shabash, keep it up!",
  "MashaAllah, good effort.",
  "Nice update, thanks.",
  "Good job bhai.",
  "Excellent!",
  "Keep the momentum going.",
  "Well done 👍",
] as const;

export const COMMENTS_BY_TYPE: Record<PostType, readonly string[]> = {
  SALE: [
    "Great sale! Please share the invoice today.",
    "What rate did they agree on?",
    "Shabash! What is the recovery plan for this one?",
    "Big order, MashaAllah.",
  ],
  FIELD_VISIT: [
    "Which variety are they sowing?",
    "Share the soil test results when they come.",
    "Good observation. Keep following up.",
  ],
  FARMER_MEETING: [
    "Great turnout!",
    "Please collect the farmers' phone numbers for follow-up.",
    "Next time invite the dealer too.",
  ],
  DEALER_MEETING: [
    "Did they agree to put up our banners?",
    "Please share his stock position with me.",
    "Good relationship building.",
  ],
  RECOVERY: ["Good recovery 👏", "Please enter the receipt in the sales sheet.", "How much is still outstanding?"],
  DEMO_PLOT: [
    "Please post photos at 30 days.",
    "Results look promising.",
    "Let's invite more farmers for the field day.",
  ],
  ANNOUNCEMENT: ["Noted.", "Noted, thanks.", "Will do.", "InshaAllah.", "Got it 👍"],
};

/** The post author's replies under their own post. */
export const AUTHOR_REPLIES = [
  "Thank you sir!",
  "JazakAllah.",
  "Sure, will share today.",
  "Thanks, team effort.",
  "Yes, following up tomorrow.",
] as const;
