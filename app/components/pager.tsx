import { Link } from "react-router";
import { Icon } from "~/components/icon";

/** Previous / next links of a paged list (plain links, so they work without JavaScript). */
export function Pager({
  page,
  pageSize,
  total,
  hrefFor,
  label,
}: {
  page: number;
  pageSize: number;
  total: number;
  hrefFor: (page: number) => string;
  label: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className="btn-secondary px-3" rel="prev">
          <Icon name="chevron-left" size={16} />
          Previous
        </Link>
      ) : (
        <span />
      )}
      <span className="text-gray-11">
        Page {page} of {pages}
      </span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="btn-secondary px-3" rel="next">
          Next
          <Icon name="chevron-right" size={16} />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
