import { prisma } from "~/db.server";

/** The newest posts with their authors, for the feed. */
export function listRecentPosts(limit = 20) {
  return prisma.post.findMany({
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: limit,
    select: {
      id: true,
      type: true,
      text: true,
      address: true,
      createdAt: true,
      user: { select: { username: true, firstName: true, lastName: true, selectedAvatar: true, currentBadge: true } },
    },
  });
}
