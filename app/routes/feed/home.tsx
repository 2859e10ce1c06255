import { Plus } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { getOptionalUser } from "~/models/auth.server";
import { listRecentPosts } from "~/models/post.server";
import { avatarFor, badgeFor } from "~/lib/avatars";
import { displayName } from "~/lib/names";
import { POST_TYPE_LABELS, type PostType } from "~/lib/post-types";
import { relativeTime } from "~/lib/relative-time";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.signedIn ? "Feed · Fieldline" : "Welcome to Fieldline" },
  { name: "description", content: "Track your field activities and manage your territory." },
];

export async function loader(args: Route.LoaderArgs) {
  const user = getOptionalUser(args);
  if (!user) return { signedIn: false as const, posts: [] };
  return { signedIn: true as const, posts: await listRecentPosts() };
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return loaderData.signedIn ? <Feed posts={loaderData.posts} /> : <Landing />;
}

function Landing() {
  return (
    <main className="mx-auto flex min-h-dvh max-w-md flex-col justify-center gap-8 px-6 py-10">
      <div className="space-y-3 text-center">
        <p className="text-5xl" aria-hidden>
          🌾
        </p>
        <h1 className="text-3xl font-bold">Welcome to Fieldline</h1>
        <p className="text-lg text-gray-11">Track your field activities and manage your territory</p>
        <p className="text-gray-11">Secure field management solution for your team</p>
      </div>
      <div className="flex flex-col gap-3">
        <Link to="/login" className="btn-primary">
          Sign In
        </Link>
        <Link to="/register" className="btn-secondary">
          Create Account
        </Link>
      </div>
    </main>
  );
}

type FeedPost = Route.ComponentProps["loaderData"]["posts"][number];

function Feed({ posts }: { posts: FeedPost[] }) {
  return (
    <>
      <h1 className="sr-only">Feed</h1>
      {posts.length === 0 ? (
        <div className="card space-y-4 text-center">
          <p className="text-gray-11">No posts yet. Create your first post!</p>
          <Link to="/new-post" className="btn-primary">
            Create Post
          </Link>
        </div>
      ) : (
        <ul className="space-y-3">
          {posts.map((post) => (
            <PostSummary key={post.id} post={post} />
          ))}
        </ul>
      )}
      <Link
        to="/new-post"
        aria-label="New post"
        className="fixed bottom-20 right-4 z-20 flex size-14 items-center justify-center rounded-full bg-accent-9 text-white shadow-lg hover:bg-accent-10"
      >
        <Plus size={28} aria-hidden />
      </Link>
    </>
  );
}

function PostSummary({ post }: { post: FeedPost }) {
  const avatar = avatarFor(post.user.selectedAvatar);
  const badge = badgeFor(post.user.currentBadge);
  return (
    <li className="card">
      <div className="flex items-center gap-3">
        <span className={`flex size-10 items-center justify-center rounded-full text-xl ${avatar.colors.background}`} aria-hidden>
          {avatar.emoji}
        </span>
        <div className="min-w-0 flex-1">
          <p className="font-semibold">
            {displayName(post.user)} {badge ? <span title={badge.name}>{badge.emoji}</span> : null}
          </p>
          <p className="text-sm text-gray-11">
            {POST_TYPE_LABELS[post.type as PostType] ?? post.type} · <time dateTime={post.createdAt.toISOString()}>{relativeTime(post.createdAt)}</time>
          </p>
        </div>
      </div>
      <p className="mt-1 text-xs text-gray-11">{post.address || "Unknown Location"}</p>
      {post.text ? <p className="mt-3 whitespace-pre-line">{post.text}</p> : null}
    </li>
  );
}
