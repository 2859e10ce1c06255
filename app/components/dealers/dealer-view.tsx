import { Link } from "react-router";
import { DealerPicture } from "~/components/dealers/dealer-picture";
import { DirectionsLink } from "~/components/dealers/directions-link";
import { formatPhone, telHref } from "~/lib/phone";
import type { Dealer } from "~/models/dealer.schema";
import { coordinatesText } from "~/lib/coordinates";
import { Icon } from "~/components/icon";

/** The dealer's page when not editing: who, how to reach them, where, notes, about and gallery. */
export function DealerView({ dealer }: { dealer: Dealer }) {
  const owner = [dealer.ownerFirstName, dealer.ownerLastName].filter(Boolean).join(" ");
  const coordinates = coordinatesText(Number(dealer.lat), Number(dealer.lng));
  return (
    <>
      <section className="card flex items-center gap-4">
        <DealerPicture dealer={dealer} size={72} />
        <div className="min-w-0">
          <h2 className="text-lg font-semibold">{dealer.businessName}</h2>
          {owner ? <p className="text-gray-11">{owner}</p> : null}
        </div>
      </section>

      <section className="card space-y-2">
        <h2 className="font-semibold">Contact Information</h2>
        {dealer.phone ? (
          <a href={telHref(dealer.phone)} className="link flex min-h-11 items-center gap-2">
            <Icon name="phone" size={16} />
            {formatPhone(dealer.phone)}
          </a>
        ) : (
          <p className="text-gray-11">No phone</p>
        )}
        {dealer.email ? (
          <a href={`mailto:${dealer.email}`} className="link flex min-h-11 items-center gap-2 break-all">
            <Icon name="mail" size={16} />
            {dealer.email}
          </a>
        ) : null}
      </section>

      <section className="card space-y-1">
        <h2 className="font-semibold">Address & Location</h2>
        <p>{dealer.street}</p>
        <p>
          {dealer.city}, {dealer.state}
          {dealer.postalCode ? ` ${dealer.postalCode}` : ""}
        </p>
        {/* Where the address lookup failed, the address is the coordinates: shown once. */}
        {dealer.formattedAddress && dealer.formattedAddress !== coordinates ? (
          <p className="text-sm text-gray-11">{dealer.formattedAddress}</p>
        ) : null}
        <p className="font-mono text-sm text-gray-11">{coordinates}</p>
        {dealer.team ? (
          <p className="text-sm" data-testid="dealer-team">
            Team: {dealer.team.name}
          </p>
        ) : null}
        {dealer.locationApproximate ? (
          <p className="text-sm text-warning-11">
            Approximate: placed from the address; set the pin when you can.{" "}
            <Link to="?edit=true" className="link">
              Edit Dealer
            </Link>
          </p>
        ) : null}
        <DirectionsLink
          lat={Number(dealer.lat)}
          lng={Number(dealer.lng)}
          name={dealer.businessName}
          className="btn-secondary mt-2 w-full"
        />
      </section>

      {dealer.notes ? (
        <section className="card space-y-1">
          <h2 className="font-semibold">Notes</h2>
          <p className="whitespace-pre-line">{dealer.notes}</p>
        </section>
      ) : null}

      <section className="card space-y-1">
        <h2 className="font-semibold">About</h2>
        <p className="whitespace-pre-line">{dealer.aboutDescription || "No description available."}</p>
      </section>

      <section className="card space-y-2">
        <h2 className="font-semibold">Gallery</h2>
        {dealer.galleryImages.length === 0 ? (
          <p className="text-gray-11">No photos in gallery yet.</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2" aria-label="Gallery">
            {dealer.galleryImages.map((url, index) => (
              <li key={url + index}>
                <a href={url}>
                  <img
                    src={dealer.galleryThumbs[index]}
                    alt={`Gallery ${index + 1}`}
                    loading="lazy"
                    className="aspect-square w-full rounded-lg object-cover"
                  />
                </a>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
