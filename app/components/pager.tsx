import { Link } from "react-router";
import { useT } from "~/browser/i18n";
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
  const t = useT();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages === 1 && page === 1) return null;
  return (
    <nav aria-label={label} className="flex items-center justify-between gap-2 text-sm">
      {page > 1 ? (
        <Link to={hrefFor(Math.min(page - 1, pages))} className="btn-secondary px-3" rel="prev">
          <Icon name="chevron-left" size={16} className="rtl:-scale-x-100" />
          {t("common:pager.previous")}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-gray-11">{t("common:pager.position", { page, pages })}</span>
      {page < pages ? (
        <Link to={hrefFor(page + 1)} className="btn-secondary px-3" rel="next">
          {t("common:pager.next")}
          <Icon name="chevron-right" size={16} className="rtl:-scale-x-100" />
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
