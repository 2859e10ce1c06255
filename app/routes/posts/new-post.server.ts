import { VISIT_STAGES } from "~/lib/plot-stages";
import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { formCall } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { requestTranslator, said } from "~/http/language.server";
import { readPostForm } from "~/http/upload-forms.server";
import { parseId } from "~/lib/ids";
import { safeRedirect } from "~/lib/safe-redirect";
import { POST_TYPES, type PostType } from "~/lib/post-types";
import { submissionKeyFromForm } from "~/infra/idempotency.server";
import { dealerSearchSchema, nearPlaceSchema } from "~/models/dealer.schema";
import { lastKnownPlace } from "~/models/checkin.server";
import { listDealerOptions } from "~/models/dealer.server";
import { createPost } from "~/models/post.server";
import { dropPostDraft, keepPostDraft, readPostDraft } from "~/models/post-draft.server";
import { keepFilesForRetry, type UploadedFile } from "~/models/media.server";
import { type KeptFile, postPlaceSchema, sentMediaSchema } from "~/models/post.schema";
import { POST_FAILED } from "~/models/post.rules";
import { newSubmissionKey } from "~/lib/submission-key";
import { validatePost } from "~/models/post.validation";
import { currentTime } from "~/infra/clock.server";
import { env } from "~/env.server";
import { formatLocalDate } from "~/lib/date-format";
import type { Language } from "~/lib/languages";
import { type AccountSummary, CONFIRM_CREDIT_FIELD } from "~/lib/ledger";
import { creditSettings, readableAccounts } from "~/models/ledger.server";
import type { Viewer } from "~/models/team-scope.server";
import { openPlotsOf } from "~/models/demo-plots.server";
import { log } from "~/infra/log.server";

// New Post's server side: what the page shows, and what its action does with a sent post.

const isPostType = (type: string | null | undefined): type is PostType => (POST_TYPES as string[]).includes(type ?? "");

/**
 * Where the dealer list is ordered from: the post's place (`near`, from the phone or typed), else
 * the officer's last known place, else nowhere (by name).
 */
async function dealerOrder(userId: number, near: string | null) {
  const sent = nearPlaceSchema.safeParse(near ?? "");
  if (sent.success) return { ...sent.data, from: "post" as const };
  return lastKnownPlace(userId);
}

/**
 * What the picker shows of a dealer's account at a glance, and what the form's live warning reads
 * (cents as numbers: the page's data is JSON); none for a dealer whose account the viewer may not read.
 */
function accountGlance(account: AccountSummary | undefined) {
  if (!account) return undefined;
  return {
    balanceCents: Number(account.balanceCents),
    outstandingCents: Number(account.outstandingCents),
    overdueCents: Number(account.overdueCents),
    creditLimitCents: account.creditLimitCents === null ? null : Number(account.creditLimitCents),
  };
}

/**
 * A visit the link names (the day plan's "Record visit": `plot` and `stage`), when the plot is one
 * of the officer's still open: the form starts as that visit.
 */
function visitOf(params: URLSearchParams, openPlots: { id: number }[]) {
  const plotId = parseId(params.get("plot"));
  const stage = params.get("stage");
  if (plotId === null || !openPlots.some((plot) => plot.id === plotId)) return undefined;
  return {
    plotAction: "visit",
    plotId: String(plotId),
    visitStage: (VISIT_STAGES as readonly string[]).includes(stage ?? "") ? (stage ?? undefined) : undefined,
  };
}

/** The page's data for `params` (a chosen type and dealer, a dealer search and its place, a draft kept by Add Dealer). */
export async function newPostPage(viewer: Viewer, params: URLSearchParams, language: Language) {
  const userId = viewer.id;
  // Back from Add Dealer without JavaScript: what was typed before leaving.
  const draftId = params.get("draft");
  const draft = await readPostDraft(userId, draftId);
  const type = params.get("type") ?? draft?.fields.type;
  const dealer = parseId(params.get("dealer"));
  const search = dealerSearchSchema.safeParse({ query: params.get("dealerQuery") ?? undefined });
  const dealerQuery = search.success ? (search.data.query ?? "") : "";
  const place = await dealerOrder(userId, params.get("near"));
  const { options, total, chosen } = listDealerOptions({
    query: dealerQuery,
    chosenId: dealer ?? undefined,
    near: place ?? undefined,
  });
  // A place the link brings (a visit plan's "Log visit": the dealer's); a malformed one is left out.
  const linked = postPlaceSchema.safeParse({
    lat: params.get("lat") ?? undefined,
    lng: params.get("lng") ?? undefined,
    address: params.get("address") ?? undefined,
  });
  const linkedPlace = linked.success && linked.data.lat !== undefined ? linked.data : null;
  const [accounts, credit, openPlots] = await Promise.all([
    readableAccounts(
      viewer,
      options.map((option) => option.id),
    ),
    creditSettings(),
    openPlotsOf(userId),
  ]);
  return {
    // Where the post goes back to once made (a visit plan's "Log visit": the plan); a page of this site only.
    returnTo: safeRedirect(params.get("returnTo") ?? draft?.fields.returnTo, "") || null,
    dealers: options.map((option) => ({ ...option, account: accountGlance(accounts.get(option.id)) })),
    // When the accounts were read: the phone's saved copy of the page shows them offline.
    accountsAt:
      accounts.size > 0
        ? formatLocalDate(currentTime().toISOString(), env.APP_TIME_ZONE, { withTime: true, language })
        : null,
    // With JavaScript the live warning says a sale past the limit is refused, not to be confirmed.
    creditLimitBlocks: credit.limitBlocks,
    dealerQuery,
    // Past the limit, the selector lists the nearest (or the first by name) and a search finds the rest.
    dealerTotal: total,
    dealerOrder: place?.from ?? null,
    // A Demo Plot post's visit: the officer's plots not yet harvested.
    openPlots,
    // Rendered into the form, so a double submit (or a retry on a flaky network) posts once.
    submissionKey: newSubmissionKey(),
    prefill: {
      type: isPostType(type) ? type : undefined,
      dealerId: chosen ? String(chosen.id) : undefined,
      plot: visitOf(params, openPlots),
      place: linkedPlace
        ? { lat: String(linkedPlace.lat), lng: String(linkedPlace.lng), address: linkedPlace.address ?? "" }
        : null,
    },
    draft: draft && draftId ? { id: draftId, ...draft } : null,
  };
}

type SentPost = { form: FormData; files: UploadedFile[]; submission: ReturnType<typeof validatePost> };

/** A refused post: the form's fields and errors, or the form's one error, and the files it keeps. */
type PostRefusal = {
  result?: SubmissionResult<string[]>;
  formError?: string;
  kept?: KeptFile[];
  lost?: string[];
  submissionKey?: string;
};
export const refusePost = (refusal: PostRefusal, status: number) => data(refusal, { status });

/**
 * Reads the post form and gives it to `handle` (the route's switch over intent). An AppError
 * thrown on the way is the page's answer: a refused body (too large, too many files) has no fields
 * to keep; a refused post keeps them, and its files unless one of them was the reason. A refused
 * post made nothing, so it comes back with a new key: after a 422 (its key was another post's)
 * only a new one can send it. Anything else keeps the form with POST_FAILED (500).
 */
export async function handlePostForm<T>(userId: number, request: Request, handle: (sent: SentPost) => Promise<T>) {
  let sent: SentPost | undefined;
  try {
    return await formCall(
      async () => {
        const { form, files } = await readPostForm(request);
        sent = { form, files, submission: validatePost(form) };
        return handle(sent);
      },
      async (error) => {
        // A refusal's message may be a catalog's key with values (a plot's sowing day): said here.
        const message = said(error.message, error.values);
        if (!sent) return refusePost({ formError: message }, error.status);
        const { submission, files } = sent;
        return refusePost(
          {
            result:
              error.status === 422
                ? submission.reply({ formErrors: [message] })
                : submission.reply({ fieldErrors: { [error.field ?? "media"]: [message] } }),
            ...(error.field === "media"
              ? { lost: files.map((file) => file.name) }
              : await keepAttached(userId, submission.payload, files)),
            submissionKey: newSubmissionKey(),
          },
          error.status,
        );
      },
    );
  } catch (error) {
    // What went wrong is the server's fault, but the officer keeps the form and POST_FAILED.
    log.error({ err: error }, "a post could not be saved");
    const submission = (sent as SentPost | undefined)?.submission;
    const failed = said(POST_FAILED);
    return refusePost(
      { result: submission?.reply({ formErrors: [failed] }), formError: submission ? undefined : failed },
      500,
    );
  }
}

/**
 * Creates the post when its form is valid (the place typed, without JavaScript), else refuses it
 * with what it keeps. A made post goes back to the form's `returnTo` when it is a page of this
 * site, else to the feed.
 */
export async function publishPost(
  userId: number,
  { form, files, submission }: SentPost,
  context: Readonly<RouterContextProvider>,
) {
  if (submission.status !== "success")
    return refusePost({ result: submission.reply(), ...(await keepAttached(userId, submission.payload, files)) }, 400);
  // A sale that warns of the dealer's credit comes back once with the warning, until "Post anyway" is ticked.
  const confirmed = form.get(CONFIRM_CREDIT_FIELD) === "yes";
  await createPost(userId, submission.value, files, submissionKeyFromForm(form), "TYPED", { confirmed });
  await dropPostDraft(userId, form.get("draft"));
  const t = requestTranslator(context, "feed");
  return redirectWithToast(safeRedirect(form.get("returnTo")), { title: t("feed:newPost.created") });
}

/**
 * Without JavaScript, "Find" in the dealer search: what is typed waits on the server (a draft) and
 * the page comes back with the dealers found, nearest the typed place first when there is one.
 */
export async function findDealerForPost(userId: number, sent: SentPost): Promise<string> {
  const params = new URLSearchParams({ draft: await keepPostForAddDealer(userId, sent) });
  const query = sent.form.get("dealerQuery");
  if (typeof query === "string" && query.trim() !== "") params.set("dealerQuery", query.trim().slice(0, 100));
  const near = `${String(sent.form.get("lat") ?? "").trim()},${String(sent.form.get("lng") ?? "").trim()}`;
  if (nearPlaceSchema.safeParse(near).success) params.set("near", near);
  return `/new-post?${params}`;
}

/**
 * Without JavaScript, "Add a new dealer": what is typed and attached waits on the server while the
 * dealer is added. Answers the draft's id.
 */
export async function keepPostForAddDealer(userId: number, { form, files, submission }: SentPost): Promise<string> {
  return keepPostDraft(userId, form, await keepAttached(userId, submission.payload, files));
}

/**
 * What a refused post comes back with attached: the files kept from earlier tries (sent again as
 * references) and the files of this one, kept on the server since the browser cannot put them
 * back into its file input; `lost` names those that could not be kept.
 */
async function keepAttached(
  userId: number,
  payload: Record<string, unknown>,
  files: UploadedFile[],
): Promise<{ kept: KeptFile[]; lost: string[] }> {
  const earlier = sentMediaSchema
    .parse(payload.media)
    .map((item): KeptFile => ({ url: item.url, name: item.name ?? "file", kind: item.kind ?? "IMAGE" }));
  const { kept, lost } = await keepFilesForRetry(userId, files);
  return { kept: [...earlier, ...kept], lost };
}
