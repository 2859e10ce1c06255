// The feed's data as the component level's fake server answers it.
import type { PostCardData } from "~/components/posts/post-card";
import { OFFICER } from "../support/app";

/** A post by another officer, as the feed and /posts/{id} show it. */
export function aPost(overrides: Partial<PostCardData> = {}): PostCardData {
  return {
    id: 41,
    type: "FIELD_VISIT",
    text: "Visited the Kasur dealers",
    address: "Main Bazaar, Kasur",
    lat: "31.116700",
    lng: "74.450000",
    locationSource: "GPS",
    locationAccuracyM: 12,
    createdAt: "2026-11-27T09:30:00.000Z",
    user: {
      id: 9,
      username: "officer9",
      firstName: "Bilal",
      lastName: "Ahmed",
      selectedAvatar: "default",
      currentBadge: null,
    },
    saleProduct: null,
    saleQty: null,
    salePrice: null,
    saleTotal: null,
    recoveryAmount: null,
    dealer: null,
    media: [],
    likeCount: 3,
    commentCount: 0,
    likedByMe: false,
    authorDistanceTodayKm: null,
    ...overrides,
  };
}

/** What the post page's loader answers for `post` (app/routes/posts/post.tsx). */
export function postPage(post: PostCardData, comments: unknown[] = []) {
  return { post, comments, viewerId: OFFICER.id, commentKey: "c0ffee00-0000-4000-8000-000000000001" };
}
