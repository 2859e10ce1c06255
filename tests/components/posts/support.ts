// The feed's data as the component level's fake server answers it.
import type { CommentsData } from "~/components/posts/comments";
import type { PostCardData } from "~/components/posts/post-card";
import type { loader as feedLoader } from "~/routes/feed/home";
import type { loader as newPostLoader } from "~/routes/posts/new-post";
import { englishMessages, OFFICER } from "../support/app";

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
    salePaid: null,
    dealerBalanceAfter: null,
    recoveryAmount: null,
    headCount: null,
    attendees: [],
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
  return {
    post,
    comments,
    viewerId: OFFICER.id,
    commentKey: "c0ffee00-0000-4000-8000-000000000001",
    messages: englishMessages(),
  };
}

/** The feed's first page (app/routes/feed/home.tsx), signed in: `posts`, and Load More while `nextCursor`. */
export function feedPage(
  posts: PostCardData[],
  nextCursor: string | null = null,
  cursor: string | null = null,
): FeedPage {
  return {
    signedIn: true,
    messages: englishMessages("feed", "posts", "targets"),
    viewerId: OFFICER.id,
    period: "month",
    full: false,
    keep: {},
    audience: { shown: false, links: false, teamless: false, scope: "team", team: null, teams: [] },
    cursor,
    home: null,
    plotVisitsDue: null,
    team: null,
    plotsOverdue: null,
    accounts: null,
    rankings: null,
    posts: posts.map((post) => ({
      ...post,
      user: { ...post.user, email: null, team: null },
      media: [],
      dealerId: post.dealer?.id ?? null,
      plot: null,
      createdAtText: "27 Nov 2026, 14:30",
    })),
    nextCursor,
  };
}

type FeedPage = Extract<Awaited<ReturnType<typeof feedLoader>>, { signedIn: true }>;

/** A comment as /api/posts/{id}/comments lists it; by the officer unless `by` says otherwise. */
export function aComment(
  id: number,
  text: string,
  by: { id: number; username: string } = OFFICER,
): CommentsData[number] {
  return {
    id,
    text,
    isDeleted: false,
    createdAt: "2026-11-27T10:00:00.000Z",
    user: { id: by.id, username: by.username, firstName: "Ayesha", lastName: "Khan", selectedAvatar: "default" },
  };
}

/** What New Post's loader answers for an empty form (app/routes/posts/new-post.server.ts). */
export function newPostPage(): Awaited<ReturnType<typeof newPostLoader>> {
  return {
    messages: englishMessages("feed", "posts", "farmers"),
    returnTo: null,
    dealers: [],
    accountsAt: null,
    creditLimitBlocks: false,
    dealerQuery: "",
    dealerTotal: 0,
    dealerOrder: null,
    openPlots: [],
    submissionKey: "5eed0000-0000-4000-8000-000000000042",
    prefill: { type: undefined, dealerId: undefined, plot: undefined, place: null },
    draft: null,
  };
}
