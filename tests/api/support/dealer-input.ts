import { uniqueName } from "../../e2e/support/fixtures";

/** A whole dealer as POST /api/dealers takes it (every field set, the coordinates as numbers), under a name no other test uses. */
export function dealerInput(name: string) {
  return {
    businessName: uniqueName(name),
    ownerFirstName: "Nadeem",
    ownerLastName: "Butt",
    phone: "+92 321 5550001",
    email: "nadeem@example.pk",
    street: "Shop 9, Anaj Mandi",
    city: "Sialkot",
    state: "Punjab" as const,
    postalCode: "51310",
    notes: "Prefers morning visits",
    lat: 32.4945,
    lng: 74.5229,
    formattedAddress: "Shop 9, Anaj Mandi, Sialkot, Punjab, Pakistan",
  };
}
