import { Link } from "react-router";
import type { Route } from "./+types/outbox";
import { AdminErrorView } from "~/components/access-denied";
import { Pager } from "~/components/pager";
import { formatLocalDate } from "~/lib/date-format";
import { pageNumberQuerySchema } from "~/models/admin.schema";
import { requireAllowed } from "~/http/auth.server";
import { listOutbox } from "~/models/admin.server";
import { useLanguage, usePublicEnv } from "~/browser/root-data";
import { Icon } from "~/components/icon";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "admin:outbox.pageTitle") }];

export async function loader(args: Route.LoaderArgs) {
  await requireAllowed(args, "outbox.read");
  const query = pageNumberQuerySchema.safeParse(Object.fromEntries(new URL(args.request.url).searchParams));
  return { ...(await listOutbox(query.success ? query.data : {})), messages: pageMessages(args.context, "admin") };
}

const BADGE_CLASSES = "shrink-0 rounded-full px-2 py-0.5 text-xs font-medium";

const URL_PATTERN = /(https?:\/\/[^\s<>"]+)/;

/** The email's text with its web addresses as links (the reset link above all). */
function TextWithLinks({ text }: { text: string }) {
  return (
    <p className="text-sm break-words whitespace-pre-wrap">
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={index} href={part} className="link break-all">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { emails, total, page, pageSize } = loaderData;
  const timeZone = usePublicEnv().APP_TIME_ZONE;
  const language = useLanguage();
  const t = useT();
  return (
    <div className="space-y-4">
      <header className="space-y-1">
        <h1 className="text-xl font-bold">{t("admin:outbox.title")}</h1>
        <p className="text-sm text-gray-11">
          {t("admin:outbox.about")}{" "}
          <Link to="/admin" className="link tap-line">
            {t("admin:back.dashboard")}
          </Link>
        </p>
      </header>
      {emails.length === 0 ? (
        <p className="card text-center text-gray-11">
          {total === 0 ? t("admin:outbox.none") : t("admin:outbox.noneOnPage")}
        </p>
      ) : (
        <ul className="space-y-3" aria-label={t("admin:outbox.emails")}>
          {emails.map((email) => (
            <li key={email.id} className="card space-y-2" data-testid="outbox-email">
              <div className="flex items-start gap-3">
                <Icon name="mail" size={20} className="mt-0.5 shrink-0 text-gray-11" />
                <div className="min-w-0 flex-1">
                  <h2 className="font-semibold break-words">{email.subject}</h2>
                  <p className="text-sm break-all text-gray-11">
                    {t("admin:outbox.to")} <bdi dir="ltr">{email.to}</bdi>
                  </p>
                  <p className="text-xs text-gray-11">
                    <time dateTime={email.createdAt}>
                      {formatLocalDate(email.createdAt, timeZone, { withTime: true, language })}
                    </time>
                  </p>
                </div>
                <span
                  className={`${BADGE_CLASSES} ${email.sentAt ? "bg-accent-3 text-accent-11" : "bg-warning-3 text-warning-11"}`}
                >
                  {email.sentAt ? t("admin:outbox.sent") : t("admin:outbox.waiting")}
                </span>
              </div>
              <TextWithLinks text={email.text} />
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={page}
        pageSize={pageSize}
        total={total}
        hrefFor={(p) => `/admin/outbox?page=${p}`}
        label={t("admin:outbox.pages")}
      />
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <AdminErrorView error={error} failedMessage="common:failed.loadOutbox" />;
}
