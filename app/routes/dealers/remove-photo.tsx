import { Form, Link } from "react-router";
import type { Route } from "./+types/remove-photo";
import { requirePageId, pageRefusal } from "~/http/form.server";
import { parseIndex } from "~/lib/ids";
import { requireAllowed, requireUser } from "~/http/auth.server";
import { getDealer } from "~/models/dealer.server";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages } from "~/http/language.server";

const PHOTO_NOT_FOUND = "Photo not found.";

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: metaTitle(matches, "dealers:removePhoto.pageTitle") },
];

/** Without JavaScript, removing a gallery photo asks on this page (with JavaScript, a confirm dialog). */
export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const dealer = await getDealer(requirePageId(args.params.id, PHOTO_NOT_FOUND));
  const index = parseIndex(args.params.index);
  const image = dealer && index !== null ? dealer.galleryImages[index] : undefined;
  const thumb = dealer && index !== null ? dealer.galleryThumbs[index] : undefined;
  if (!dealer || !image || !thumb || index === null) throw pageRefusal(PHOTO_NOT_FOUND, 404);
  await requireAllowed(args, "dealer.change", { teamId: dealer.team?.id ?? null });
  return {
    messages: pageMessages(args.context, "dealers"),
    dealerId: dealer.id,
    businessName: dealer.businessName,
    index,
    image,
    thumb,
  };
}

export default function RemovePhoto({ loaderData }: Route.ComponentProps) {
  const t = useT();
  const { dealerId, businessName, index, image, thumb } = loaderData;
  return (
    <div className="card mx-auto max-w-sm space-y-4 text-center">
      <h1 className="text-xl font-bold">{t("dealers:removePhoto.title")}</h1>
      <img
        src={thumb}
        alt={t("dealers:removePhoto.alt", { number: index + 1, name: businessName })}
        className="mx-auto aspect-square w-40 rounded-lg object-cover"
      />
      <p>{t("dealers:edit.removeConfirm")}</p>
      {/* With JavaScript, a fetcher: a removal that fails on the way leaves this page as it is. */}
      <Form method="post" action={`/dealer-details/${dealerId}`} navigate={false} className="grid grid-cols-2 gap-2">
        <input type="hidden" name="intent" value="gallery-remove" />
        <input type="hidden" name="index" value={index} />
        <input type="hidden" name="url" value={image} />
        <input type="hidden" name="confirm" value="yes" />
        <Link to={`/dealer-details/${dealerId}?edit=true`} className="btn-secondary">
          {t("dealers:form.cancel")}
        </Link>
        <button type="submit" className="btn-primary bg-danger-9">
          {t("dealers:removePhoto.title")}
        </button>
      </Form>
    </div>
  );
}
