import { Link } from "react-router";
import { useT } from "~/browser/i18n";

/**
 * A Farmer Meeting's people on its card: the head count and the farmers named, each a link to
 * their page (which says whether the reader may see them). Never a phone.
 */
export function MeetingPeople({
  headCount,
  attendees,
}: {
  headCount: number | null;
  attendees: { id: number; name: string }[];
}) {
  const t = useT();
  if (headCount === null && attendees.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg bg-gray-2 p-3 text-sm" aria-label={t("posts:meetingPeople.label")} role="group">
      {headCount !== null ? (
        <p>
          <span className="text-gray-11">{t("posts:meetingPeople.headCount")}</span>{" "}
          <span className="font-semibold">{headCount}</span>
        </p>
      ) : null}
      {attendees.length > 0 ? (
        <p className="mt-1">
          <span className="text-gray-11">{t("posts:meetingPeople.named", { count: attendees.length })} </span>
          {attendees.map((farmer, index) => (
            <span key={farmer.id}>
              {index > 0 ? t("posts:meetingPeople.separator") : null}
              <Link to={`/farmers/${farmer.id}`} className="underline">
                {farmer.name}
              </Link>
            </span>
          ))}
        </p>
      ) : null}
    </div>
  );
}
