import type { ReactNode } from "react";
import { Link } from "react-router";
import { displayName } from "~/lib/names";
import { POST_TYPE_LABELS, type PostType } from "~/lib/post-types";
import { relativeTime } from "~/lib/relative-time";
import type { AdminDashboard } from "~/models/admin.schema";
import { useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";

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
  const language = useLanguage();
  return (
    // The server's "just now" may be the browser's "1 minute ago" by the time the page hydrates.
    <time dateTime={iso} className="shrink-0 text-xs text-gray-11" suppressHydrationWarning>
      {relativeTime(iso, new Date(), language)}
    </time>
  );
}

export function RecentActivity({
  dashboard,
}: {
  dashboard: Pick<AdminDashboard, "recentPosts" | "recentRegistrations" | "recentImports">;
}) {
  const t = useT();
  return (
    <section className="card space-y-4" aria-labelledby="recent-activity-title">
      <h2 id="recent-activity-title" className="font-semibold">
        {t("admin:activity.title")}
      </h2>
      <ActivityList title={t("admin:activity.posts")} empty={t("admin:activity.noPosts")}>
        {dashboard.recentPosts.map((post) => (
          <li key={post.id} className="flex items-center justify-between gap-2">
            <Link to={`/posts/${post.id}`} className="min-h-11 min-w-0 truncate py-3">
              <span className="font-medium">{POST_TYPE_LABELS[post.type as PostType] ?? post.type}</span>
              <span className="text-gray-11"> {t("admin:activity.by", { name: displayName(post.user) })}</span>
              {post.text ? <span className="text-gray-11"> · {post.text}</span> : null}
            </Link>
            <When iso={post.createdAt} />
          </li>
        ))}
      </ActivityList>
      <ActivityList title={t("admin:activity.registrations")} empty={t("admin:activity.noAccounts")}>
        {dashboard.recentRegistrations.map((user) => (
          <li key={user.id} className="flex items-baseline justify-between gap-2 py-1.5">
            <span className="min-w-0 truncate">
              <span className="font-medium">{displayName(user)}</span>{" "}
              <bdi dir="ltr" className="text-gray-11">
                @{user.username}
              </bdi>
            </span>
            <When iso={user.createdAt} />
          </li>
        ))}
      </ActivityList>
      <ActivityList title={t("admin:activity.imports")} empty={t("admin:activity.noImports")}>
        {dashboard.recentImports.map((record) => (
          <li key={record.id} className="flex items-baseline justify-between gap-2 py-1.5">
            <span className="min-w-0">
              <span className="block truncate font-medium">{record.fileName}</span>
              <span className="block text-xs text-gray-11">
                {t("admin:activity.imported", { successful: record.successful, total: record.total })}
                {record.failed ? t("admin:activity.importFailed", { failed: record.failed }) : ""}
                {record.user ? ` · ${t("admin:activity.by", { name: displayName(record.user) })}` : ""}
              </span>
            </span>
            <When iso={record.createdAt} />
          </li>
        ))}
      </ActivityList>
    </section>
  );
}
