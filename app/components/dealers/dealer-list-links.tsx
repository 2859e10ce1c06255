import { Link } from "react-router";
import { useT } from "~/browser/i18n";

/** A dealer's "View Details" link, named by the dealer for screen readers. */
export function DealerDetailsLink({
  dealer,
  className,
}: {
  dealer: { id: number; businessName: string };
  className: string;
}) {
  const t = useT();
  return (
    <Link
      to={`/dealer-details/${dealer.id}`}
      className={className}
      aria-label={t("dealers:list.viewDetailsOf", { name: dealer.businessName })}
    >
      {t("dealers:list.viewDetails")}
    </Link>
  );
}

/** "Showing 20 of 85 dealers." and a link to the longer list, which keeps the place on the page. */
export function ShowMoreDealers({
  shown,
  matching,
  to,
  className = "",
}: {
  shown: number;
  matching: number;
  to: string;
  className?: string;
}) {
  const t = useT();
  return (
    <div className={`space-y-2 text-center ${className}`.trim()}>
      <p className="text-sm text-gray-11">{t("dealers:list.showing", { shown, matching })}</p>
      <Link to={to} preventScrollReset replace className="btn-secondary w-full">
        {t("dealers:list.showMore")}
      </Link>
    </div>
  );
}
