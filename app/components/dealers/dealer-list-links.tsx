import { Link } from "react-router";

/** A dealer's "View Details" link, named by the dealer for screen readers. */
export function DealerDetailsLink({
  dealer,
  className,
}: {
  dealer: { id: number; businessName: string };
  className: string;
}) {
  return (
    <Link
      to={`/dealer-details/${dealer.id}`}
      className={className}
      aria-label={`View Details of ${dealer.businessName}`}
    >
      View Details
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
  return (
    <div className={`space-y-2 text-center ${className}`.trim()}>
      <p className="text-sm text-gray-11">
        Showing {shown} of {matching} dealers.
      </p>
      <Link to={to} preventScrollReset replace className="btn-secondary w-full">
        Show more
      </Link>
    </div>
  );
}
