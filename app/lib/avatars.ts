/** The avatar catalogue: five default avatars and five achievement badges. */
export type AvatarEntry = {
  emoji: string;
  name: string;
  description: string;
  isDefault: boolean;
  isAchievement?: boolean;
  /** Only the top three achievements have a rank. */
  rank?: 1 | 2 | 3;
  /** Tailwind classes for the background, text and icon colours. */
  colors: { background: string; text: string; icon: string };
};

export const AVATARS = {
  DEFAULT_1: {
    emoji: "👤",
    name: "Default Avatar 1",
    description: "Classic profile",
    isDefault: true,
    colors: { background: "bg-gray-4", text: "text-gray-12", icon: "text-gray-11" },
  },
  DEFAULT_2: {
    emoji: "💼",
    name: "Professional",
    description: "Business professional",
    isDefault: true,
    colors: { background: "bg-sky-100", text: "text-sky-900", icon: "text-sky-700" },
  },
  DEFAULT_3: {
    emoji: "🎩",
    name: "Executive",
    description: "Executive style",
    isDefault: true,
    colors: { background: "bg-violet-100", text: "text-violet-900", icon: "text-violet-700" },
  },
  DEFAULT_4: {
    emoji: "💡",
    name: "Innovator",
    description: "Creative thinker",
    isDefault: true,
    colors: { background: "bg-amber-100", text: "text-amber-900", icon: "text-amber-700" },
  },
  DEFAULT_5: {
    emoji: "🎯",
    name: "Achiever",
    description: "Goal oriented",
    isDefault: true,
    colors: { background: "bg-emerald-100", text: "text-emerald-900", icon: "text-emerald-700" },
  },
  CROWN: {
    emoji: "👑",
    name: "Team Leader",
    description: "Overall leader: rank 1 on the leaderboard",
    isDefault: false,
    isAchievement: true,
    rank: 1,
    colors: { background: "bg-yellow-100", text: "text-yellow-900", icon: "text-yellow-600" },
  },
  SHIELD: {
    emoji: "🛡️",
    name: "Top Performer",
    description: "Rank 2 on the leaderboard",
    isDefault: false,
    isAchievement: true,
    rank: 2,
    colors: { background: "bg-slate-200", text: "text-slate-900", icon: "text-slate-600" },
  },
  CAP: {
    emoji: "🎓",
    name: "Excellence Award",
    description: "Rank 3 on the leaderboard",
    isDefault: false,
    isAchievement: true,
    rank: 3,
    colors: { background: "bg-orange-100", text: "text-orange-900", icon: "text-orange-700" },
  },
  TROPHY: {
    emoji: "🏆",
    name: "Champion",
    description: "Special achievement: the highest sales",
    isDefault: false,
    isAchievement: true,
    colors: { background: "bg-amber-100", text: "text-amber-900", icon: "text-amber-600" },
  },
  STAR: {
    emoji: "⭐",
    name: "Consistent Achiever",
    description: "Reliable performance: active on most days",
    isDefault: false,
    isAchievement: true,
    colors: { background: "bg-blue-100", text: "text-blue-900", icon: "text-blue-600" },
  },
} as const satisfies Record<string, AvatarEntry>;

export type AvatarType = keyof typeof AVATARS;
export const DEFAULT_AVATARS = (Object.keys(AVATARS) as AvatarType[]).filter((type) => AVATARS[type].isDefault);

/** An unknown or missing avatar type falls back to DEFAULT_1. */
export function avatarFor(type: string | null | undefined): AvatarEntry {
  return type && Object.hasOwn(AVATARS, type) ? AVATARS[type as AvatarType] : AVATARS.DEFAULT_1;
}

/** A badge is shown only when its type is an achievement. */
export function badgeFor(type: string | null | undefined): AvatarEntry | null {
  if (!type || !Object.hasOwn(AVATARS, type)) return null;
  const entry: AvatarEntry = AVATARS[type as AvatarType];
  return entry.isAchievement ? entry : null;
}

/** Achievements sorted by rank, unranked ones last. */
export function achievementsByRank(): Array<[AvatarType, AvatarEntry]> {
  return (Object.entries(AVATARS) as Array<[AvatarType, AvatarEntry]>)
    .filter(([, entry]) => entry.isAchievement)
    .sort(([, a], [, b]) => (a.rank ?? Number.MAX_SAFE_INTEGER) - (b.rank ?? Number.MAX_SAFE_INTEGER));
}
