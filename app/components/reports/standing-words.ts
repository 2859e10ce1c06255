import type { AvatarType } from "~/lib/avatars";
import type { MessageKey, Translate } from "~/locales/namespaces";

// An officer's standing in the reader's language (decision 101), wherever it is shown (the
// leaderboard, the home's rankings, a post's card, the profile): the avatars' and the badges'
// names (lib/avatars holds their artwork and English), the score and the rank's status.

const AVATAR_NAME_KEYS: Record<AvatarType, MessageKey> = {
  DEFAULT_1: "reports:avatar.DEFAULT_1",
  DEFAULT_2: "reports:avatar.DEFAULT_2",
  DEFAULT_3: "reports:avatar.DEFAULT_3",
  DEFAULT_4: "reports:avatar.DEFAULT_4",
  DEFAULT_5: "reports:avatar.DEFAULT_5",
  CROWN: "reports:badge.CROWN",
  SHIELD: "reports:badge.SHIELD",
  CAP: "reports:badge.CAP",
  TROPHY: "reports:badge.TROPHY",
  STAR: "reports:badge.STAR",
};

/** An avatar's or a badge's name; an unknown type is the first default avatar's, as lib/avatars' avatarFor. */
export function avatarName(type: string | null | undefined, t: Translate): string {
  const known = type && Object.hasOwn(AVATAR_NAME_KEYS, type) ? (type as AvatarType) : "DEFAULT_1";
  return t(AVATAR_NAME_KEYS[known]);
}

/** The score: "No data" when missing or 0. */
export function scoreText(score: number | string | null, t: Translate): string {
  const value = score === null ? 0 : Number(score);
  return value > 0 ? value.toFixed(2) : t("reports:leaderboard.noData");
}

/** The leaderboard's status: "Top N" for a ranked officer. */
export function statusText(rank: number | null, score: number | null, t: Translate): string {
  if (rank !== null) return t("reports:leaderboard.status.top", { rank });
  if (score !== null && score > 0) return t("reports:leaderboard.status.ranked");
  return t("reports:leaderboard.status.pending");
}
