type Named = { firstName?: string | null; lastName?: string | null };

/** "Ayesha Khan", or "Field Officer" when no name is known. */
export function displayName(user: Named): string {
  const name = [user.firstName, user.lastName].filter(Boolean).join(" ").trim();
  return name || "Field Officer";
}

/** Up to two letters for the avatar menu: "AK", or the username's first letter. */
export function initials(user: Named & { username: string }): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim().charAt(0) ?? "").join("");
  return (letters || user.username.charAt(0)).toUpperCase();
}

/**
 * How a list of people names each of them: the display name, with "(@username)" after it where
 * another person in the list has the same name, so a manager tells namesakes apart (and every
 * control named after a person names one person).
 */
export function namesInList<Person extends Named & { username: string }>(people: Person[]): (person: Person) => string {
  const times = new Map<string, number>();
  for (const person of people) times.set(displayName(person), (times.get(displayName(person)) ?? 0) + 1);
  return (person) => {
    const name = displayName(person);
    return (times.get(name) ?? 0) > 1 ? `${name} (@${person.username})` : name;
  };
}
