import { Link } from "react-router";
import { DealerPicture } from "~/components/dealers/dealer-picture";
import { DirectionsLink } from "~/components/dealers/directions-link";
import { formatPhone, telHref } from "~/lib/phone";
import type { Dealer } from "~/models/dealer.schema";
import { coordinatesText } from "~/lib/coordinates";
import { Icon } from "~/components/icon";
import { RichMessage, useT } from "~/browser/i18n";
import { provinceLabel } from "~/components/dealers/province-labels";

/** The dealer's page when not editing: who, how to reach them, where, notes, about and gallery. */
export function DealerView({ dealer }: { dealer: Dealer }) {
  const t = useT();
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
        <h2 className="font-semibold">{t("dealers:form.contactSection")}</h2>
        {dealer.phone ? (
          <a href={telHref(dealer.phone)} className="link flex min-h-11 items-center gap-2">
            <Icon name="phone" size={16} />
            <bdi dir="ltr">{formatPhone(dealer.phone)}</bdi>
          </a>
        ) : (
          <p className="text-gray-11">{t("dealers:view.noPhone")}</p>
        )}
        {dealer.email ? (
          <a href={`mailto:${dealer.email}`} className="link flex min-h-11 items-center gap-2 break-all">
            <Icon name="mail" size={16} />
            <bdi dir="ltr">{dealer.email}</bdi>
          </a>
        ) : null}
      </section>

      <section className="card space-y-1">
        <h2 className="font-semibold">{t("dealers:form.addressSection")}</h2>
        <p>{dealer.street}</p>
        <p>
          {t("dealers:view.cityProvince", { city: dealer.city, province: provinceLabel(t, dealer.state) })}
          {dealer.postalCode ? ` ${dealer.postalCode}` : ""}
        </p>
        {/* Where the address lookup failed, the address is the coordinates: shown once. */}
        {dealer.formattedAddress && dealer.formattedAddress !== coordinates ? (
          <p className="text-sm text-gray-11">{dealer.formattedAddress}</p>
        ) : null}
        <p className="font-mono text-sm text-gray-11" dir="ltr">
          {coordinates}
        </p>
        {dealer.team ? (
          <p className="text-sm" data-testid="dealer-team">
            {t("dealers:view.team", { team: dealer.team.name })}
          </p>
        ) : null}
        {dealer.locationApproximate ? (
          <p className="text-sm text-warning-11">
            <RichMessage id="dealers:view.approximate" components={{ 0: <Link to="?edit=true" className="link" /> }} />
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
          <h2 className="font-semibold">{t("dealers:view.notes")}</h2>
          <p className="whitespace-pre-line">{dealer.notes}</p>
        </section>
      ) : null}

      <section className="card space-y-1">
        <h2 className="font-semibold">{t("dealers:view.about")}</h2>
        <p className="whitespace-pre-line">{dealer.aboutDescription || t("dealers:view.noDescription")}</p>
      </section>

      <section className="card space-y-2">
        <h2 className="font-semibold">{t("dealers:view.gallery")}</h2>
        {dealer.galleryImages.length === 0 ? (
          <p className="text-gray-11">{t("dealers:view.noPhotos")}</p>
        ) : (
          <ul className="grid grid-cols-3 gap-2" aria-label={t("dealers:view.gallery")}>
            {dealer.galleryImages.map((url, index) => (
              <li key={url + index}>
                <a href={url}>
                  <img
                    src={dealer.galleryThumbs[index]}
                    alt={t("dealers:view.galleryImage", { number: index + 1 })}
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
