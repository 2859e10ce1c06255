import type { Dealer } from "~/models/dealer.schema";
import { Icon } from "~/components/icon";

/** The dealer's profile picture (its thumbnail when there is one), or a shop icon in its place. */
export function DealerPicture({
  dealer,
  size,
}: {
  dealer: Pick<Dealer, "businessName" | "profilePictureUrl" | "profilePictureThumbUrl">;
  size: number;
}) {
  return dealer.profilePictureUrl ? (
    <img
      src={dealer.profilePictureThumbUrl ?? dealer.profilePictureUrl}
      alt={`${dealer.businessName}, profile`}
      width={size}
      height={size}
      className="shrink-0 rounded-full object-cover"
      style={{ width: size, height: size }}
    />
  ) : (
    <span
      className="flex shrink-0 items-center justify-center rounded-full bg-accent-3 text-accent-11"
      style={{ width: size, height: size }}
      aria-hidden
    >
      <Icon name="store" size={size / 2} />
    </span>
  );
}
