import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/details";
import { DealerEdit } from "~/components/dealers/dealer-edit";
import { DealerView } from "~/components/dealers/dealer-view";
import { FormErrors } from "~/components/forms";
import { requireUser } from "~/http/auth.server";
import { dealerEditSchema } from "~/models/dealer.schema";
import {
  addGalleryImage,
  DEALER_NOT_FOUND,
  GALLERY_IMAGE_NOT_FOUND,
  getDealer,
  mayChangeDealer,
  removeGalleryImage,
  setProfilePicture,
  updateDealer,
} from "~/models/dealer.server";
import { dealerVisits } from "~/models/dealer-visits.server";
import { VISITS_PAGE_SIZE, visitsQuerySchema } from "~/models/dealer-visits.schema";
import { DealerVisits } from "~/components/dealers/dealer-visits";
import { formCall, parseForm, requirePageId, pageRefusal } from "~/http/form.server";
import { teamsVisibleTo } from "~/models/team-scope.server";
import { DEALER_PLACE, placeFromAddress, placementErrors } from "~/http/place-from-address.server";
import { AppError } from "~/lib/app-error";
import { parseId, parseIndex } from "~/lib/ids";
import { readImageForm } from "~/http/upload-forms.server";
import { redirectWithToast } from "~/http/toast.server";
import { submissionKeyFromForm } from "~/infra/idempotency.server";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { guardRequest } from "~/browser/request-guard";
import { newSubmissionKey } from "~/lib/submission-key";
import type { Toast } from "~/lib/toast";
import { Icon } from "~/components/icon";
import { DealerAccount } from "~/components/dealers/dealer-account";
import { dealerAccountView } from "~/models/ledger.server";
import { accountAction } from "./account.server";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ loaderData, matches }) => [
  {
    title: loaderData?.dealer
      ? `${loaderData.dealer.businessName} · Fieldline`
      : metaTitle(matches, "dealers:details.pageTitle"),
  },
];

const ABOUT_FAILED = "common:failed.dealerAbout";

/** Sent by Edit Dealer's "Save About" button (the same form as Save). */
const savesAbout = (form: FormData) => form.get("save") === "about";

/** The dealer's id, as written in the query parameter `id` (`/dealer-details?id=7`) or else in the path. */
const dealerIdText = ({ request, params }: Route.LoaderArgs | Route.ActionArgs) =>
  new URL(request.url).searchParams.get("id") ?? params.id;

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const id = parseId(dealerIdText(args));
  // A malformed id names no dealer: the same page as a missing one.
  const dealer = id === null ? null : await getDealer(id);
  if (!dealer)
    return data(
      {
        messages: pageMessages(args.context, "dealers"),
        dealer: null,
        editing: false,
        mayEdit: false,
        uploadKey: null,
        teams: [],
        visits: null,
        visitsPaged: false,
        account: null,
        accountKey: null,
      },
      { status: 404 },
    );
  // Everyone reads every dealer; only its team's people, their managers and admins change it.
  const mayEdit = await mayChangeDealer(user, dealer);
  const editing = mayEdit && new URL(args.request.url).searchParams.get("edit") === "true";
  // Older visits are `?visits=<cursor>`; an unreadable one shows the newest, as a page's other parameters do.
  const visitsCursor = visitsQuerySchema.shape.cursor.safeParse(
    new URL(args.request.url).searchParams.get("visits") ?? undefined,
  );
  const cursor = visitsCursor.success ? visitsCursor.data : undefined;
  return {
    messages: pageMessages(args.context, "dealers", "posts", "map"),
    dealer,
    editing,
    mayEdit,
    // The gallery's upload carries it, so a retry of an upload whose answer never came adds one photo.
    uploadKey: newSubmissionKey(),
    // The Team select offers only the teams the user may put a dealer in.
    teams: editing ? await teamsVisibleTo(user) : [],
    visits: editing ? null : await dealerVisits(dealer.id, { cursor, limit: VISITS_PAGE_SIZE }),
    visitsPaged: cursor !== undefined,
    // The account, for whoever may read it (its team's people, their managers, admins); no ledger read for others.
    account: editing ? null : await dealerAccountView(user, dealer),
    // The account's forms carry it (one key a form), so a resend writes nothing twice.
    accountKey: newSubmissionKey(),
  };
}

/**
 * Forms post here named by `intent`: the dealer's fields with the About (`update`),
 * `profile-picture`, `gallery-add` and `gallery-remove`, and the account's `account-adjust`,
 * `account-reverse`, `account-terms` and `account-open`. Any other intent answers 400.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const id = requirePageId(dealerIdText(args), DEALER_NOT_FOUND);
  const page = `/dealer-details/${id}`;
  const t = requestTranslator(args.context, "dealers");
  if (!(await getDealer(id))) throw pageRefusal(said(DEALER_NOT_FOUND), 404);
  // A body refused before its intent is read (too large, more than one file) answers as an update.
  let intent = "update";
  return formCall(
    async () => {
      const { form, image } = await readImageForm(args.request);
      intent = String(form.get("intent") ?? "");
      switch (intent) {
        // One form: the dealer's fields and the About above them. Either button saves everything
        // typed; "Save About" (`save=about`) stays in edit mode with the About's notice.
        case "update": {
          const placement = await placeFromAddress(form, DEALER_PLACE);
          const submission = parseForm(form, dealerEditSchema);
          if (submission.status !== "success")
            return data(
              { intent, result: submission.reply({ fieldErrors: placementErrors(placement, "lat") }), error: null },
              { status: 400 },
            );
          const approximate = placement === "placed";
          await updateDealer(user, id, submission.value, { approximate });
          if (savesAbout(form))
            return redirectWithToast(`${page}?edit=true`, { title: t("dealers:details.aboutUpdated") });
          return redirectWithToast(page, {
            title: t("dealers:details.updated"),
            description: approximate ? t("dealers:form.placedFromAddress") : undefined,
          });
        }
        case "profile-picture": {
          await setProfilePicture(user, id, image);
          return redirectWithToast(`${page}?edit=true`, { title: t("dealers:details.pictureUpdated") });
        }
        case "gallery-add": {
          await addGalleryImage(user, id, image, submissionKeyFromForm(form));
          return redirectWithToast(`${page}?edit=true`, { title: t("dealers:details.imageAdded") });
        }
        case "gallery-remove": {
          const index = parseIndex(form.get("index"));
          if (index === null) throw new AppError(404, GALLERY_IMAGE_NOT_FOUND);
          if (form.get("confirm") !== "yes") return redirect(`${page}/remove-photo/${index}`);
          const url = form.get("url");
          await removeGalleryImage(user, id, index, typeof url === "string" ? url : undefined);
          return redirectWithToast(`${page}?edit=true`, { title: t("dealers:details.imageRemoved") });
        }
        // The dealer's account (account.server.ts).
        case "account-adjust":
        case "account-reverse":
        case "account-terms":
        case "account-open":
          return accountAction(user, id, intent, form, t);
        default:
          return data({ intent: null, result: null, error: UNKNOWN_ACTION }, { status: 400 });
      }
    },
    // A refused upload made nothing, so its key can go; after a 422 (the key's photo was another one)
    // only a new key lets the next upload add this photo.
    (error) =>
      data(
        { intent, result: null, error: said(error.message, error.values), uploadKey: newSubmissionKey() },
        { status: error.status },
      ),
  );
}

const UPDATE_FAILED: Toast = {
  type: "error",
  title: "common:notice.error",
  description: "common:failed.dealerUpdate",
};
const FAILURES: Record<string, Toast> = {
  update: UPDATE_FAILED,
  about: { type: "error", title: ABOUT_FAILED },
  "profile-picture": { type: "error", title: "common:failed.dealerPicture" },
  "gallery-add": { type: "error", title: "common:failed.galleryAdd" },
  "gallery-remove": { type: "error", title: "common:failed.galleryRemove" },
  "account-adjust": { type: "error", title: "common:failed.accountAdjust" },
  "account-reverse": { type: "error", title: "common:failed.accountReverse" },
  "account-terms": { type: "error", title: "common:failed.accountTerms" },
  "account-open": { type: "error", title: "common:failed.accountOpen" },
};

/** With JavaScript: a request that fails on the way leaves the page as it is, with the failed form's notice. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => FAILURES[savesAbout(form) ? "about" : String(form.get("intent"))] ?? UPDATE_FAILED);

export default function DealerDetails({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { dealer, editing, mayEdit, uploadKey, teams, visits, visitsPaged, account, accountKey } = loaderData;
  const actionData = isFailedRequest(answer) ? undefined : answer;
  const t = useT();
  if (!dealer) {
    return (
      <div className="card space-y-4 text-center">
        <h1 className="text-xl font-bold">{t("dealers:details.title")}</h1>
        <p className="text-gray-11">{t("dealers:details.notFound")}</p>
        <Link to="/dealers" className="btn-primary">
          {t("dealers:details.backToDealers")}
        </Link>
      </div>
    );
  }
  const page = `/dealer-details/${dealer.id}`;
  return (
    <div className="space-y-4">
      <div className="flex items-center gap-2">
        <Link
          to={editing ? page : "/dealers"}
          className="btn-ghost px-2"
          aria-label={editing ? t("dealers:details.backToDetails") : t("dealers:details.backToDealers")}
        >
          <Icon name="arrow-left" size={20} className="rtl:-scale-x-100" />
        </Link>
        <h1 className="flex-1 text-xl font-bold">
          {editing ? t("dealers:details.editTitle") : t("dealers:details.title")}
        </h1>
        {editing || !mayEdit ? null : (
          <Link to={`${page}?edit=true`} className="btn-secondary px-3">
            <Icon name="pencil" size={16} />
            {t("dealers:details.edit")}
          </Link>
        )}
      </div>
      {/* An action no form of this page sends, or one refused outside the edit form (another team's dealer). */}
      {actionData?.error && (actionData.intent === null || !editing) ? (
        <FormErrors errors={[actionData.error]} />
      ) : null}
      {editing ? (
        <DealerEdit
          teams={teams}
          dealer={dealer}
          actionData={actionData}
          uploadKey={(actionData && "uploadKey" in actionData ? actionData.uploadKey : undefined) ?? uploadKey}
        />
      ) : (
        <>
          <DealerView dealer={dealer} />
          {account && accountKey ? (
            <DealerAccount view={account} dealerId={dealer.id} submissionKey={accountKey} reply={actionData} />
          ) : null}
          {visits ? <DealerVisits visits={visits} page={page} paged={visitsPaged} /> : null}
        </>
      )}
    </div>
  );
}
