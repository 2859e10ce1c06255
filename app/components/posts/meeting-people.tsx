import { Link } from "react-router";

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
  if (headCount === null && attendees.length === 0) return null;
  return (
    <div className="mt-3 rounded-lg bg-gray-2 p-3 text-sm" aria-label="Meeting attendance" role="group">
      {headCount !== null ? (
        <p>
          <span className="text-gray-11">Head count</span> <span className="font-semibold">{headCount}</span>
        </p>
      ) : null}
      {attendees.length > 0 ? (
        <p className="mt-1">
          <span className="text-gray-11">Farmers named ({attendees.length}): </span>
          {attendees.map((farmer, index) => (
            <span key={farmer.id}>
              {index > 0 ? ", " : null}
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
