import { getFormProps, useForm } from "@conform-to/react";
import { startTransition, useCallback, useEffect, useRef, useState } from "react";
import { Form, Link, redirect, useFetcher, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/new-post";
import {
  findDealerForPost,
  handlePostForm,
  keepPostForAddDealer,
  newPostPage,
  publishPost,
  refusePost,
} from "./new-post.server";
import { ErrorSummary, FormErrors, summaryOf } from "~/components/forms";
import { FIND_DEALER_INTENT } from "~/components/posts/dealer-search";
import { KeptNotice } from "~/components/posts/kept-notice";
import { MeetingFields, type MeetingField } from "~/components/posts/meeting-fields";
import { LocationCapture } from "~/components/posts/location-capture";
import { MediaUploader } from "~/components/posts/media-uploader";
import {
  DealerSection,
  DescriptionField,
  PostTypeField,
  RecoverySection,
  SaleSection,
} from "~/components/posts/new-post-fields";
import { useOfflineSubmission } from "~/components/posts/use-offline-submission";
import type { WaitingFile } from "~/browser/send-queue";
import { useHydrated } from "~/browser/hydrated";
import { useAdoptedValue } from "~/browser/adopted-value";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { pageMessages } from "~/http/language.server";
import { languageContext } from "~/http/context";
import { requireUser } from "~/http/auth.server";
import type { validatePost } from "~/models/post.validation";
import { usePublicEnv } from "~/browser/root-data";
import { metaTitle, useT } from "~/browser/i18n";
import { isFailedRequest } from "~/lib/failed-request";
import { guardLoad, guardRequest } from "~/browser/request-guard";
import { Icon } from "~/components/icon";
import { CreditWarning } from "~/components/posts/credit-warning";
import { PlotSection } from "~/components/posts/plot-fields";
import type { AccountGlance } from "~/components/posts/new-post-fields";
import {
  CONFIRM_CREDIT_FIELD,
  CONFIRM_CREDIT_NEEDED,
  LIMIT_BLOCKS_SALE,
  passesLimit,
  saleCreditWarning,
} from "~/lib/ledger";
import { parseMoneyToCents, saleTotalCents } from "~/lib/money";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "feed:newPost.pageTitle") }];

/** Add Dealer, coming back to `returnTo` (this page) with the new dealer chosen. */
const addDealerPath = (returnTo: string) => `/add-dealer?${new URLSearchParams({ returnTo })}`;
const ADD_DEALER_INTENT = "add-dealer";

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return {
    ...(await newPostPage(user, new URL(args.request.url).searchParams, args.context.get(languageContext))),
    // The form's pieces are the post area's ("posts"); a demo plot's crops and stages the farmers'.
    messages: pageMessages(args.context, "feed", "posts", "farmers"),
  };
}

/**
 * The post itself (its Post button sends no intent), "Add a new dealer" (its button's intent,
 * or the list's "+ Add new dealer" chosen and sent), or the dealer search's Find without
 * JavaScript. Any other intent answers 400.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  return handlePostForm(user.id, args.request, async (sent) => {
    const intent = sent.form.get("dealerId") === "new" ? ADD_DEALER_INTENT : (sent.form.get("intent") ?? "post");
    switch (intent) {
      case "post":
        return publishPost(user.id, sent, args.context);
      case ADD_DEALER_INTENT:
        return redirect(addDealerPath(`/new-post?draft=${await keepPostForAddDealer(user.id, sent)}`));
      case FIND_DEALER_INTENT:
        return redirect(await findDealerForPost(user.id, sent));
      default:
        return refusePost({ formError: UNKNOWN_ACTION }, 400);
    }
  });
}

/**
 * With JavaScript the dealer list is fetched again through here (the search's Find, the phone's
 * fix, both with `dealerQuery`): a refresh that fails (offline, on the phone's saved copy of the
 * page) keeps the form and the list shown and says so in place, never the error view.
 */
export async function clientLoader(args: Route.ClientLoaderArgs) {
  if (!new URL(args.request.url).searchParams.has("dealerQuery")) return args.serverLoader();
  return guardLoad(
    args,
    { type: "error", title: "common:notice.error", description: "feed:newPost.dealersNotRefreshed" },
    { inPlace: true },
  );
}

/** With JavaScript: a post whose request fails on the way stays on the page and waits on the phone. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "common:notice.error", description: "posts:errors.postFailed" }));

/**
 * The form's validation (see post.validation.ts), loaded when the officer first touches the form:
 * zod takes a low-tier phone's main thread for a quarter of a second to start, which the page's
 * first seconds need more. Until it arrives (a post sent at once) the server validates.
 */
function useLaterValidation(formId: string) {
  const [validate, setValidate] = useState<typeof validatePost>();
  useEffect(() => {
    const form = document.getElementById(formId);
    if (!form) return;
    const load = () => {
      for (const type of FIRST_TOUCH) form.removeEventListener(type, load);
      // A transition: the form re-renders in slices, not in one long task.
      void import("~/models/post.validation").then((module) =>
        startTransition(() => setValidate(() => module.validatePost)),
      );
    };
    for (const type of FIRST_TOUCH) form.addEventListener(type, load);
    return () => {
      for (const type of FIRST_TOUCH) form.removeEventListener(type, load);
    };
  }, [formId]);
  return validate;
}

/** The form's id (Conform's, and the element's). */
const NEW_POST_FORM_ID = "new-post";

/** The events that say the officer has begun with the form (a tap, a key, a field chosen). */
const FIRST_TOUCH = ["pointerdown", "focusin", "keydown", "input"] as const;

/** The dealer chosen in the form so far: its id, or null ("Select a dealer", "+ Add new dealer"). */
function chosenDealer(formId: string): string | null {
  const form = document.getElementById(formId);
  const value = form instanceof HTMLFormElement ? new FormData(form).get("dealerId") : null;
  return typeof value === "string" && /^\d+$/.test(value) ? value : null;
}

type PageData = Exclude<Route.ComponentProps["loaderData"], { failed: true }>;

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  // Only a refresh of the dealer list can fail without taking the page down (see clientLoader),
  // and it answers the list's fetcher, not the page.
  if (isFailedRequest(loaderData)) return <FormErrors errors={[loaderData.error]} />;
  return <NewPostForm loaderData={loaderData} actionData={actionData} />;
}

function NewPostForm({
  loaderData,
  actionData,
}: {
  loaderData: PageData;
  actionData: Route.ComponentProps["actionData"];
}) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const t = useT();
  const currency = usePublicEnv().CURRENCY_SYMBOL;
  const { prefill } = loaderData;
  // With JavaScript the dealer search and the phone's fix reorder the list in place (the page's
  // loader, fetched); without it, Find sends the form, which comes back with what was typed.
  const dealerFinder = useFetcher<typeof clientLoader>();
  const found = dealerFinder.data;
  // A refresh that failed keeps the list shown: the last one found, else the page's own.
  const [lastFound, setLastFound] = useState<PageData | null>(null);
  if (found && !isFailedRequest(found) && found !== lastFound) setLastFound(found);
  const dealerList = lastFound ?? loaderData;
  const refreshFailed = isFailedRequest(found) ? found : null;
  const [near, setNear] = useState<string | null>(null);
  function findDealers(query: string, place: string | null) {
    const params = new URLSearchParams({ dealerQuery: query });
    if (place) params.set("near", place);
    // The dealer chosen so far stays in the list, and chosen, however far it is.
    const chosen = chosenDealer(form.id);
    if (chosen) params.set("dealer", chosen);
    void dealerFinder.load(`/new-post?${params}`);
  }
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const offline = useOfflineSubmission(loaderData.submissionKey, actionData, answer?.submissionKey);
  // Files chosen without a connection: they wait on the phone with the post.
  const waitingFiles = useRef<WaitingFile[]>([]);
  const validate = useLaterValidation(NEW_POST_FORM_ID);
  const { draft } = loaderData;
  const [form, fields] = useForm({
    id: NEW_POST_FORM_ID,
    lastResult: answer?.result,
    defaultValue: {
      ...prefill.place,
      ...draft?.fields,
      type: prefill.type ?? "",
      dealerId: prefill.dealerId ?? "",
      ...prefill.plot,
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    onSubmit: (event, { formData }) => {
      // A sale that warns of the dealer's credit (its "Post anyway" shows) is confirmed before it
      // goes, or waits on the phone.
      const postAnyway = document.getElementById(CONFIRM_CREDIT_FIELD);
      if (postAnyway && formData.get(CONFIRM_CREDIT_FIELD) !== "yes") {
        event.preventDefault();
        setConfirmAsked(true);
        postAnyway.focus();
        return;
      }
      // Offline, a valid post waits on the phone and is sent when the connection returns.
      offline.onSubmit(event, formData, waitingFiles.current);
    },
  });
  // What was typed or chosen before the scripts arrived is adopted, not written over.
  const [type, setType] = useAdoptedValue(fields.type.id, String(fields.type.initialValue ?? ""));
  const [text, setText] = useAdoptedValue(fields.text.id, String(fields.text.initialValue ?? ""));
  const [price, setPrice] = useAdoptedValue(fields.salePrice.id, String(fields.salePrice.initialValue ?? ""));
  const [quantity, setQuantity] = useAdoptedValue(fields.saleQty.id, String(fields.saleQty.initialValue ?? ""));
  const [paid, setPaid] = useAdoptedValue(fields.salePaid.id, String(fields.salePaid.initialValue ?? ""));
  const [dealerId, setDealerId] = useState(String(fields.dealerId.initialValue ?? ""));
  const [confirmAsked, setConfirmAsked] = useState(false);
  const hydrated = useHydrated();
  const [uploading, setUploading] = useState(false);
  const keepWaitingFiles = useCallback((files: WaitingFile[]) => (waitingFiles.current = files), []);
  const saving = navigation.state === "submitting" && navigation.formAction === "/new-post";
  const errorOf = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;
  // The server's warning (without JavaScript, the form comes back with it), or with JavaScript the
  // same warning worked out as the sale is typed, from the chosen dealer's account in the page.
  const chosenAccount = dealerList.dealers.find((dealer) => String(dealer.id) === dealerId)?.account;
  const live =
    hydrated && type === "SALE" && chosenAccount
      ? liveCreditWarning(chosenAccount, { quantity, price, paid }, loaderData.creditLimitBlocks, currency)
      : undefined;
  const warning = live ?? { text: errorOf(CONFIRM_CREDIT_FIELD)?.[0] ?? null, blocked: false };

  // Add Dealer comes back to this post, with what is typed kept in this tab and the new dealer chosen.
  const back = new URLSearchParams({
    ...(type ? { type } : {}),
    ...(loaderData.returnTo ? { returnTo: loaderData.returnTo } : {}),
  }).toString();
  const addDealerHref = addDealerPath(back ? `/new-post?${back}` : "/new-post");
  function addDealer() {
    const element = document.getElementById(form.id);
    if (!(element instanceof HTMLFormElement)) return;
    const typed = new FormData(element);
    typed.delete(fields.dealerId.name);
    void import("~/browser/drafts").then(({ keepDraft }) => {
      keepDraft("/new-post", typed);
      navigate(addDealerHref);
    });
  }

  function writeAnother() {
    setType("");
    setText("");
    setPrice("");
    setQuantity("");
    setPaid("");
    waitingFiles.current = [];
    offline.writeAnother();
  }

  if (offline.queued) {
    return (
      <KeptNotice files={offline.queued.files}>
        {loaderData.returnTo ? <BackLink to={loaderData.returnTo} /> : null}
        <button type="button" className="btn-secondary w-full" onClick={writeAnother}>
          {t("feed:newPost.writeAnother")}
        </button>
      </KeptNotice>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-bold">{t("feed:newPost.title")}</h1>
        <Link to={loaderData.returnTo ?? "/"} className="btn-ghost px-2" aria-label={t("feed:newPost.close")}>
          <Icon name="x" size={22} />
        </Link>
      </div>
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="card space-y-4">
        <FormErrors
          errors={[
            ...(answer?.formError ? [answer.formError] : []),
            ...(offline.error ? [offline.error] : []),
            ...(form.errors ?? []),
          ]}
        />
        <ErrorSummary
          status={form.status}
          fields={[
            summaryOf(t("feed:newPost.field.type"), fields.type),
            summaryOf(t("feed:newPost.field.text"), fields.text),
            summaryOf(t("feed:newPost.field.dealer"), fields.dealerId),
            summaryOf(t("feed:newPost.field.product"), fields.saleProduct),
            summaryOf(t("feed:newPost.field.quantity"), fields.saleQty),
            summaryOf(t("feed:newPost.field.price"), fields.salePrice),
            summaryOf(t("feed:newPost.field.paid"), fields.salePaid),
            summaryOf(t("feed:newPost.field.recovery"), fields.recoveryAmount),
            summaryOf(t("feed:newPost.field.headCount"), fields.headCount),
            summaryOf(t("feed:newPost.field.attendeePhones"), fields.attendeePhones),
            {
              label: t("feed:newPost.field.location"),
              id: fields.lat.id,
              errors: [...(fields.lat.errors ?? []), ...(fields.lng.errors ?? []), ...(fields.address.errors ?? [])],
            },
            { label: t("feed:newPost.field.media"), id: "post-files", errors: errorOf("media") },
          ]}
        />
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={offline.submissionKey} />
        {draft ? <input type="hidden" name="draft" value={draft.id} /> : null}
        {loaderData.returnTo ? <input type="hidden" name="returnTo" value={loaderData.returnTo} /> : null}
        <PostTypeField field={fields.type} type={type} onChange={setType} />
        <DescriptionField field={fields.text} text={text} onChange={setText} />
        <DealerSection
          field={fields.dealerId}
          type={type}
          dealers={dealerList.dealers}
          currency={currency}
          accountsAt={dealerList.accountsAt}
          onDealer={setDealerId}
          search={{ query: dealerList.dealerQuery, total: dealerList.dealerTotal, order: dealerList.dealerOrder }}
          onFind={(query) => findDealers(query, near)}
          addDealerIntent={ADD_DEALER_INTENT}
          onAddDealer={addDealer}
        />
        {refreshFailed ? (
          <p role="status" className="text-sm font-semibold text-warning-11">
            {refreshFailed.answered
              ? t("feed:newPost.dealersNotRefreshed")
              : t("feed:newPost.dealersNotRefreshedOffline")}
          </p>
        ) : null}
        <SaleSection
          fields={{ product: fields.saleProduct, qty: fields.saleQty, price: fields.salePrice, paid: fields.salePaid }}
          type={type}
          currency={currency}
          quantity={quantity}
          price={price}
          onQuantity={setQuantity}
          onPrice={setPrice}
          paid={paid}
          onPaid={setPaid}
        />
        {warning.text && (!hydrated || type === "SALE") ? (
          <CreditWarning
            warning={warning.text}
            confirmable={!warning.blocked}
            errors={confirmAsked ? [CONFIRM_CREDIT_NEEDED] : undefined}
          />
        ) : null}
        <RecoverySection field={fields.recoveryAmount} type={type} currency={currency} />
        <PlotSection fields={fields} type={type} openPlots={loaderData.openPlots} />
        <MeetingFields type={type} field={(name) => (fields as unknown as Record<string, MeetingField>)[name]!} />
        <LocationCapture
          ids={{ lat: fields.lat.id, lng: fields.lng.id, address: fields.address.id }}
          defaultValue={{
            lat: String(fields.lat.initialValue ?? ""),
            lng: String(fields.lng.initialValue ?? ""),
            address: String(fields.address.initialValue ?? ""),
            source: String(fields.source.initialValue ?? ""),
            accuracy: String(fields.accuracy.initialValue ?? ""),
            fixAt: String(fields.fixAt.initialValue ?? ""),
          }}
          captureOnOpen={prefill.place !== null}
          errors={[...(fields.lat.errors ?? []), ...(fields.lng.errors ?? []), ...(fields.address.errors ?? [])]}
          onFix={(lat, lng) => {
            setNear(`${lat},${lng}`);
            findDealers(dealerList.dealerQuery, `${lat},${lng}`);
          }}
        />
        <MediaUploader
          errors={errorOf("media")}
          onBusyChange={setUploading}
          onWaitingChange={keepWaitingFiles}
          kept={answer?.kept ?? draft?.kept}
          lost={answer?.lost ?? draft?.lost}
        />
        <PostButton blocked={type === "" || saving || uploading} saving={saving} />
      </Form>
    </div>
  );
}

/**
 * Back to the page New Post was opened from (a visit plan's Log visit: the plan), once the post
 * waits on the phone. Not to its fragment: until the post is sent the server does not know the
 * visit, so the plan's "next stop" would still be the one just logged.
 */
function BackLink({ to }: { to: string }) {
  const t = useT();
  const path = to.split("#")[0] || "/";
  return (
    // A whole page load: offline, the phone's saved copy answers it.
    <a href={path} className="btn-primary w-full">
      {path.startsWith("/plan") ? t("feed:newPost.backToPlan") : t("feed:newPost.back")}
    </a>
  );
}

/**
 * The sale's credit warning as it is typed: undefined until the sale can be worked out (quantity
 * and price), a null text when there is nothing to warn of; `blocked` when the company's setting
 * makes the limit refuse it (no "Post anyway" then).
 */
function liveCreditWarning(
  account: AccountGlance,
  sale: { quantity: string; price: string; paid: string },
  limitBlocks: boolean,
  currency: string,
) {
  const priceCents = parseMoneyToCents(sale.price);
  const qty = /^\d+$/.test(sale.quantity.trim()) ? Number(sale.quantity) : null;
  if (priceCents === null || qty === null) return undefined;
  const owed = {
    balanceCents: BigInt(account.balanceCents),
    outstandingCents: BigInt(account.outstandingCents),
    overdueCents: BigInt(account.overdueCents),
    creditLimitCents: account.creditLimitCents === null ? null : BigInt(account.creditLimitCents),
  };
  const [saleCents, paidCents] = [BigInt(saleTotalCents(priceCents, qty)), BigInt(parseMoneyToCents(sale.paid) ?? 0)];
  const text = saleCreditWarning(owed, saleCents, paidCents, currency);
  const blocked = limitBlocks && passesLimit(owed, saleCents, paidCents);
  return { text: blocked ? `${text} ${LIMIT_BLOCKS_SALE}` : text, blocked };
}

/**
 * Post: without JavaScript always enabled (the server checks everything); with it, disabled until a
 * type is chosen and while the post or its files are on their way. Its own component, so that the
 * switch re-renders the button alone, not the whole form.
 */
function PostButton({ blocked, saving }: { blocked: boolean; saving: boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  return (
    <button type="submit" className="btn-primary w-full" disabled={hydrated && blocked}>
      {saving ? t("feed:newPost.posting") : t("feed:newPost.post")}
    </button>
  );
}
