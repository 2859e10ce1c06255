import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayName } from "~/lib/names";
import { POST_TYPE_LABELS, type PostType } from "~/lib/post-types";
import { relativeTime } from "~/lib/relative-time";
import type { AdminDashboard } from "~/models/admin.schema";

function ActivityList({ title, empty, children }: { title: string; empty: string; children: ReactNode[] }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold text-gray-11">{title}</h3>
      {children.length === 0 ? (
        <p className="text-sm text-gray-11">{empty}</p>
      ) : (
        <ul className="divide-y divide-gray-4 text-sm">{children}</ul>
      )}
    </div>
  );
}

function When({ iso }: { iso: string }) {
  return (
    // The server's "just now" may be the browser's "1 minute ago" by the time the page hydrates.
    <time dateTime={iso} className="shrink-0 text-xs text-gray-11" suppressHydrationWarning>
      {relativeTime(iso)}
    </time>
  );
}

export function RecentActivity({
  dashboard,
}: {
  dashboard: Pick<AdminDashboard, "recentPosts" | "recentRegistrations" | "recentImports">;
}) {
  return (
    <section className="card space-y-4" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className="font-semibold">
        Recent Activity
      </h2>
      <ActivityList title="Latest posts" empty="No posts yet.">
        {dashboard.recentPosts.map((post) => (
          <li key={post.id} className="flex items-center justify-between gap-2">
            <Link to={`/posts/${post.id}`} className="min-h-11 min-w-0 truncate py-3">
              <span className="font-medium">{POST_TYPE_LABELS[post.type as PostType] ?? post.type}</span>
              <span className="text-gray-11"> by {displayName(post.user)}</span>
              {post.text ? <span className="text-gray-11"> · {post.text}</span> : null}
            </Link>
            <When iso={post.createdAt} />
          </li>
        ))}
      </ActivityList>
      <ActivityList title="New registrations" empty="No accounts yet.">
        {dashboard.recentRegistrations.map((user) => (
          <li key={user.id} className="flex items-baseline justify-between gap-2 py-1.5">
            <span className="min-w-0 truncate">
              <span className="font-medium">{displayName(user)}</span>{" "}
              <span className="text-gray-11">@{user.username}</span>
            </span>
            <When iso={user.createdAt} />
          </li>
        ))}
      </ActivityList>
      <ActivityList title="Dealer imports" empty="No imports yet.">
        {dashboard.recentImports.map((record) => (
          <li key={record.id} className="flex items-baseline justify-between gap-2 py-1.5">
            <span className="min-w-0">
              <span className="block truncate font-medium">{record.fileName}</span>
              <span className="block text-xs text-gray-11">
                {record.successful} of {record.total} imported{record.failed ? `, ${record.failed} failed` : ""}
                {record.user ? ` · by ${displayName(record.user)}` : ""}
              </span>
            </span>
            <When iso={record.createdAt} />
          </li>
        ))}
      </ActivityList>
    </section>
  );
}
