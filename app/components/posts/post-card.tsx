import { memo, useEffect, useState, type ReactNode } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { avatarFor, badgeFor } from "~/lib/avatars";
import { avatarName } from "~/components/reports/standing-words";
import { useCodeOnTap } from "~/browser/code-on-tap";
import { useHydrated } from "~/browser/hydrated";
import { showNotice } from "~/browser/notices";
import { formatAmount } from "~/lib/money";
import { displayName } from "~/lib/names";
import { SALE_PRODUCT_LABELS, type SaleProduct } from "~/lib/post-types";
import { MediaGrid, type MediaView } from "./media-grid";
import { MeetingPeople } from "~/components/posts/meeting-people";
import { tabMayHoldDrafts } from "~/browser/may-hold-drafts";
import { Timestamp } from "~/components/timestamp";
import { coordinatesText } from "~/lib/coordinates";
import type { PublicUser } from "~/models/user.schema";
import type { TeamView } from "~/models/team.schema";
import { Icon } from "~/components/icon";
import { useT } from "~/browser/i18n";
import type { MessageKey, Translate } from "~/locales/namespaces";
import { postTypeLabel } from "./post-type-labels";
import { placeSourceLabel } from "./place-labels";

export type PostCardData = {
  id: number;
  type: string;
  text: string;
  address: string | null;
  lat: string | null;
  lng: string | null;
  locationSource: string | null;
  locationAccuracyM: number | null;
  createdAt: string;
  /** The date and time of `createdAt` in the app's time zone, when the loader wrote it (the feed's). */
  createdAtText?: string;
  /** `team`: the author's team, shown beside the time (absent or null: in no team). */
  user: PublicUser & { team?: TeamView | null };
  saleProduct: string | null;
  saleQty: number | null;
  salePrice: string | null;
  saleTotal: string | null;
  /** What the dealer paid of the sale at the counter (null: all on credit). */
  salePaid: string | null;
  recoveryAmount: string | null;
  /** A Farmer Meeting's people: how many came, and the farmers named (for its own team's readers). */
  headCount: number | null;
  attendees: { id: number; name: string }[];
  /** A recovery's dealer balance once it counted (null: not a recovery, or not the viewer's to see). */
  dealerBalanceAfter: string | null;
  dealer: { id: number; businessName: string; contactName: string | null } | null;
  media: MediaView[];
  likeCount: number;
  commentCount: number;
  likedByMe: boolean;
  authorDistanceTodayKm: number | null;
};

/** Where the post was: its address, else its coordinates, else "Unknown Location". */
function placeText(t: Translate, { address, lat, lng }: Pick<PostCardData, "address" | "lat" | "lng">): string {
  if (address) return address;
  return lat !== null && lng !== null ? coordinatesText(Number(lat), Number(lng)) : t("posts:card.unknownLocation");
}

// On the feed the comment panel opens on a tap (with JavaScript only), so its code is loaded then,
// not with the page.
const loadCommentsPanel = () => import("./comments").then((module) => module.CommentsPanel);

/**
 * A post in the feed and on /posts/{id}. `comments` is the open comment panel of /posts/{id},
 * rendered by that page (so it is in its HTML); on the feed the panel opens on request.
 * Memoized: the feed renders again on every change of the router's state (a fetcher loading the
 * next page, a navigation starting), and its cards stay as they are unless their post changes.
 */
export const PostCard = memo(function PostCard({
  post,
  currency,
  comments,
  viewerId,
}: {
  post: PostCardData;
  currency: string;
  comments?: ReactNode;
  viewerId: number;
}) {
  const [showComments, setShowComments] = useState(false);
  const commentsPanel = useCodeOnTap(loadCommentsPanel);
  const openComments = commentsPanel.open;
  // A comment typed before the session expired waits in its panel, open again after signing in.
  useEffect(() => {
    if (comments || !tabMayHoldDrafts()) return;
    void import("~/browser/drafts").then(({ hasDraftFor }) => {
      if (hasDraftFor(`/posts/${post.id}`, "text")) openComments(commentsPage(post.id), () => setShowComments(true));
    });
  }, [comments, post.id, openComments]);
  const CommentsPanel = showComments ? commentsPanel.code : null;
  const t = useT();
  const avatar = avatarFor(post.user.selectedAvatar);
  const badge = badgeFor(post.user.currentBadge);
  const author = displayName(post.user);
  const typeLabel = postTypeLabel(t, post.type);
  const placeLabel = placeSourceLabel(t, post.locationSource, post.locationAccuracyM);
  return (
    <article
      id={`post-${post.id}`}
      className="card feed-card scroll-mt-16"
      aria-labelledby={`post-${post.id}-author`}
      data-testid="post-card"
      data-post-id={post.id}
    >
      <header className="flex items-start gap-3">
        <span
          className={`flex size-10 shrink-0 items-center justify-center rounded-full text-xl ${avatar.colors.background}`}
          aria-hidden
        >
          {avatar.emoji}
        </span>
        <div className="min-w-0 flex-1">
          <p id={`post-${post.id}-author`} className="font-semibold">
            {author}{" "}
            {badge ? (
              <span
                role="img"
                aria-label={avatarName(post.user.currentBadge, t)}
                title={avatarName(post.user.currentBadge, t)}
              >
                {badge.emoji}
              </span>
            ) : null}
          </p>
          <p className="text-sm text-gray-11">
            <span className="rounded bg-accent-3 px-1.5 py-0.5 text-xs font-medium text-accent-11">{typeLabel}</span> ·{" "}
            <Link to={`/posts/${post.id}`} className="tap-line hover:underline">
              <Timestamp at={post.createdAt} dateText={post.createdAtText} withDate={comments !== undefined} />
            </Link>
            {post.user.team ? (
              <span className="text-xs" data-testid="post-team">
                {" · "}
                {post.user.team.name}
              </span>
            ) : null}
          </p>
          {/* Wraps: a long place keeps the line's width and its labels go under it. */}
          <p className="mt-0.5 flex flex-wrap gap-x-2 gap-y-1 text-xs text-gray-11">
            <span className="min-w-0 max-w-full truncate">📍 {placeText(t, post)}</span>
            {placeLabel ? <span className="shrink-0 rounded-full bg-gray-3 px-1.5">{placeLabel}</span> : null}
            {post.authorDistanceTodayKm !== null ? (
              <span className="shrink-0 rounded-full bg-gray-3 px-1.5" title={t("posts:card.distanceTitle")}>
                {t("posts:card.distanceToday", { km: post.authorDistanceTodayKm.toFixed(1) })}
              </span>
            ) : null}
          </p>
        </div>
      </header>

      {/* What people wrote reads in its own direction, English inside an Urdu page included. */}
      {post.text ? (
        <p dir="auto" className="mt-3 break-words whitespace-pre-line">
          {post.text}
        </p>
      ) : null}

      <MediaGrid media={post.media} label={t("posts:card.mediaOf", { author, type: typeLabel })} />

      <PostDetails post={post} currency={currency} />
      <MeetingPeople headCount={post.headCount} attendees={post.attendees} />

      <footer className="mt-3 flex items-center gap-1 border-t border-gray-4 pt-2">
        <LikeControl post={post} />
        {comments ? (
          <span className="btn-ghost px-2 text-sm">
            <Icon name="message-circle" size={18} /> {t("posts:card.comments", { count: post.commentCount })}
          </span>
        ) : (
          <CommentsControl
            post={post}
            open={showComments}
            onToggle={() =>
              showComments ? setShowComments(false) : openComments(commentsPage(post.id), () => setShowComments(true))
            }
          />
        )}
        <ShareControl post={post} author={author} typeLabel={typeLabel} />
      </footer>

      {comments ??
        (CommentsPanel ? (
          <CommentsPanel postId={post.id} viewerId={viewerId} />
        ) : commentsPanel.loading ? (
          <p className="mt-3 text-sm text-gray-11">{t("posts:comments.loading")}</p>
        ) : null)}
    </article>
  );
});

function PostDetails({ post, currency }: { post: PostCardData; currency: string }) {
  const t = useT();
  const rows: Array<[MessageKey, string]> = [];
  if (post.type === "SALE") {
    if (post.saleProduct)
      rows.push(["posts:details.product", SALE_PRODUCT_LABELS[post.saleProduct as SaleProduct] ?? post.saleProduct]);
    if (post.saleQty !== null) rows.push(["posts:details.quantity", t("posts:details.bags", { count: post.saleQty })]);
    if (post.salePrice !== null) rows.push(["posts:details.pricePerUnit", formatAmount(post.salePrice, currency)]);
    if (post.saleTotal !== null) rows.push(["posts:details.total", formatAmount(post.saleTotal, currency)]);
    if (post.salePaid !== null) rows.push(["posts:details.paidAtCounter", formatAmount(post.salePaid, currency)]);
  }
  if (post.type === "RECOVERY" && post.recoveryAmount !== null)
    rows.push(["posts:details.recoveryAmount", formatAmount(post.recoveryAmount, currency)]);
  if (post.type === "RECOVERY" && post.dealerBalanceAfter !== null)
    rows.push(["posts:details.balanceAfter", formatAmount(post.dealerBalanceAfter, currency)]);
  if (post.dealer) {
    rows.push(["posts:details.dealer", post.dealer.businessName]);
    if (post.dealer.contactName) rows.push(["posts:details.contact", post.dealer.contactName]);
  }
  if (rows.length === 0) return null;
  return (
    <dl
      className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 rounded-lg bg-gray-2 p-3 text-sm"
      aria-label={t("posts:details.label")}
    >
      {rows.map(([term, value]) => (
        <div key={term} className="contents">
          <dt className="text-gray-11">{t(term)}</dt>
          <dd className={term === "posts:details.total" ? "font-semibold" : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * Without JavaScript a link to the post's comments; with it, a button that opens them in the card.
 * Its own component, so that the switch re-renders this control alone, not the whole card.
 */
/** The post's own page at its comments: the comment panel without JavaScript. */
function commentsPage(postId: number): string {
  return `/posts/${postId}#comments`;
}

function CommentsControl({ post, open, onToggle }: { post: PostCardData; open: boolean; onToggle: () => void }) {
  const hydrated = useHydrated();
  const t = useT();
  if (!hydrated)
    return (
      <Link to={commentsPage(post.id)} className="btn-ghost px-2 text-sm">
        <Icon name="message-circle" size={18} /> {t("posts:card.comments", { count: post.commentCount })}
      </Link>
    );
  return (
    <button type="button" className="btn-ghost px-2 text-sm" aria-expanded={open} onClick={onToggle}>
      <Icon name="message-circle" size={18} /> {t("posts:card.comments", { count: post.commentCount })}
    </button>
  );
}

/** A plain form post without JavaScript; with it, a fetcher that shows the new state at once. */
function LikeControl({ post }: { post: PostCardData }) {
  const fetcher = useFetcher({ key: `like-${post.id}` });
  const location = useLocation();
  const hydrated = useHydrated();
  const t = useT();
  const pending = fetcher.formData?.get("intent");
  const liked = pending ? pending === "like" : post.likedByMe;
  const count = post.likeCount + (liked === post.likedByMe ? 0 : liked ? 1 : -1);
  return (
    <fetcher.Form method="post" action={`/posts/${post.id}`}>
      <input type="hidden" name="redirectTo" value={`${location.pathname}${location.search}`} />
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <button
        type="submit"
        name="intent"
        value={liked ? "unlike" : "like"}
        aria-pressed={liked}
        className={`btn-ghost px-2 text-sm ${liked ? "text-danger-11" : ""}`}
      >
        {/* Named by its text, not a label the visible count is no part of. */}
        <Icon name="heart" size={18} fill={liked ? "currentColor" : "none"} />{" "}
        <span className="sr-only">{liked ? t("posts:like.unlike", { count }) : t("posts:like.like", { count })}</span>
        <span data-testid="like-count" aria-hidden>
          {count}
        </span>
      </button>
    </fetcher.Form>
  );
}

function ShareControl({ post, author, typeLabel }: { post: PostCardData; author: string; typeLabel: string }) {
  const hydrated = useHydrated();
  const t = useT();
  const text = `${author} · ${typeLabel}${post.text ? `: ${post.text}` : ""}`;
  if (!hydrated) {
    // Without JavaScript: a link that carries the text (WhatsApp is what officers use).
    return (
      <a
        href={`https://wa.me/?text=${encodeURIComponent(text)}`}
        className="btn-ghost ms-auto px-2 text-sm"
        rel="noopener noreferrer"
        target="_blank"
      >
        <Icon name="share-2" size={18} /> {t("posts:share.button")}
      </a>
    );
  }
  async function share() {
    // The sharing code loads on the tap: most cards are never shared.
    const shown = await import("./share-post").then(
      ({ sharePost }) =>
        sharePost({
          title: typeLabel,
          text,
          url: new URL(`/posts/${post.id}`, window.location.href).toString(),
          notices: { copied: t("posts:share.copied"), notCopied: t("posts:share.notCopied") },
        }),
      () => t("posts:share.failed"),
    );
    // The page's one notice: it replaces any other on screen.
    if (shown) showNotice({ type: "success", title: t("posts:share.shared"), description: shown });
  }
  return (
    <button type="button" onClick={share} className="btn-ghost ms-auto px-2 text-sm">
      <Icon name="share-2" size={18} /> {t("posts:share.button")}
    </button>
  );
}
