import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { X } from "lucide-react";
import { startTransition, useEffect, useState } from "react";
import { data, Form, Link, redirect, useFetcher, useNavigate, useNavigation } from "react-router";
import type { Route } from "./+types/new-post";
import { ErrorSummary, FormErrors, summaryOf } from "~/components/forms";
import { DEALER_SEARCH_FORM } from "~/components/posts/dealer-search";
import { KeptNotice } from "~/components/posts/kept-notice";
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
import { useHydrated } from "~/browser/hydrated";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { formCall } from "~/http/form.server";
import { parseId } from "~/lib/ids";
import { readPostForm, type UploadedFile } from "~/http/upload-forms.server";
import { POST_TYPES, type PostType } from "~/lib/post-types";
import { requireUser } from "~/http/auth.server";
import { submissionKeyFromForm } from "~/models/idempotency.server";
import { dealerSearchSchema } from "~/models/dealer.schema";
import { DEALER_OPTIONS_LIMIT, listDealerOptions } from "~/models/dealer.server";
import { createPost } from "~/models/post.server";
import { dropPostDraft, keepPostDraft, readPostDraft } from "~/models/post-draft.server";
import { keepFilesForRetry } from "~/models/media.server";
import { type KeptFile, sentMediaSchema } from "~/models/post.schema";
import { validatePost } from "~/models/post.validation";
import { redirectWithToast } from "~/http/toast.server";
import { usePublicEnv } from "~/browser/root-data";
import { isFailedRequest } from "~/lib/failed-request";
import { guardRequest } from "~/browser/request-guard";

export const meta: Route.MetaFunction = () => [{ title: "New Post · Fieldline" }];

const POST_FAILED = "Failed to create post. Please try again.";

/** Add Dealer, coming back to `returnTo` (this page) with the new dealer chosen. */
const addDealerPath = (returnTo: string) => `/add-dealer?${new URLSearchParams({ returnTo })}`;
const ADD_DEALER_INTENT = "add-dealer";

const isPostType = (type: string | null | undefined): type is PostType => (POST_TYPES as string[]).includes(type ?? "");

export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  const params = new URL(args.request.url).searchParams;
  // Back from Add Dealer without JavaScript: what was typed before leaving.
  const draftId = params.get("draft");
  const draft = await readPostDraft(user.id, draftId);
  const type = params.get("type") ?? draft?.fields.type;
  const dealer = parseId(params.get("dealer"));
  const search = dealerSearchSchema.safeParse({ query: params.get("dealerQuery") ?? undefined });
  const dealerQuery = search.success ? (search.data.query ?? "") : "";
  const { options, total, chosen } = listDealerOptions({ query: dealerQuery, chosenId: dealer ?? undefined });
  return {
    dealers: options,
    dealerQuery,
    // Past the limit, the selector lists the first dealers by name and a search finds the rest.
    dealerSearch: total > DEALER_OPTIONS_LIMIT || dealerQuery !== "",
    dealerTotal: total,
    // Rendered into the form, so a double submit (or a retry on a flaky network) posts once.
    submissionKey: newSubmissionKey(),
    prefill: {
      type: isPostType(type) ? type : undefined,
      dealerId: chosen ? String(chosen.id) : undefined,
    },
    draft: draft && draftId ? { id: draftId, ...draft } : null,
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  let submission: ReturnType<typeof validatePost> | undefined;
  let sent: UploadedFile[] = [];
  try {
    return await formCall(
      async () => {
        const { form, files } = await readPostForm(args.request);
        sent = files;
        submission = validatePost(form);
        // "Add a new dealer", or the list's "+ Add new dealer" chosen and sent.
        if (form.get("intent") === ADD_DEALER_INTENT || form.get("dealerId") === "new") {
          // Without JavaScript: what is typed and attached waits on the server while the dealer is added.
          const draft = await keepPostDraft(user.id, form, await keepAttached(user.id, submission.payload, files));
          return redirect(addDealerPath(`/new-post?draft=${draft}`));
        }
        if (submission.status !== "success")
          return refuse(
            { result: submission.reply(), ...(await keepAttached(user.id, submission.payload, files)) },
            400,
          );
        // Without JavaScript the place was typed; with it, the page says how it was had.
        await createPost(user.id, submission.value, files, submissionKeyFromForm(form), "TYPED");
        await dropPostDraft(user.id, form.get("draft"));
        return redirectWithToast("/", { title: "Post created successfully!" });
      },
      // A refused body (too large, too many files) has no fields to keep; a refused post keeps them,
      // and its files unless one of them was the reason. A refused post made nothing, so it comes
      // back with a new key: after a 422 (its key was another post's) only a new one can send it.
      async (error) =>
        submission
          ? refuse(
              {
                result:
                  error.status === 422
                    ? submission.reply({ formErrors: [error.message] })
                    : submission.reply({ fieldErrors: { [error.field ?? "media"]: [error.message] } }),
                ...(error.field === "media"
                  ? { lost: sent.map((file) => file.name) }
                  : await keepAttached(user.id, submission.payload, sent)),
                submissionKey: newSubmissionKey(),
              },
              error.status,
            )
          : refuse({ formError: error.message }, error.status),
    );
  } catch (error) {
    // What went wrong is the server's fault, but the officer keeps the form and "Failed to create post. Please try again."
    console.error(error);
    return refuse(
      { result: submission?.reply({ formErrors: [POST_FAILED] }), formError: submission ? undefined : POST_FAILED },
      500,
    );
  }
}

/** A refused post: the form's fields and errors, or the form's one error, and the files it keeps. */
type PostRefusal = {
  result?: SubmissionResult<string[]>;
  formError?: string;
  kept?: KeptFile[];
  lost?: string[];
  submissionKey?: string;
};
const refuse = (refusal: PostRefusal, status: number) => data(refusal, { status });

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

/** With JavaScript: a post whose request fails on the way stays on the page and waits on the phone. */
export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, () => ({ type: "error", title: "Error", description: POST_FAILED }));

/** The form's validation, loaded after the page (see post.validation.ts). */
function useLaterValidation() {
  const [validate, setValidate] = useState<typeof validatePost>();
  useEffect(() => {
    // A transition: the form re-renders in slices, not in one long task.
    void import("~/models/post.validation").then((module) =>
      startTransition(() => setValidate(() => module.validatePost)),
    );
  }, []);
  return validate;
}

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const currency = usePublicEnv().CURRENCY_SYMBOL;
  const { prefill, dealerSearch, dealerTotal } = loaderData;
  // With JavaScript the dealer search answers in place (the page's loader, fetched); without it, it reloads the page.
  const dealerFinder = useFetcher<typeof loader>();
  const dealers = dealerFinder.data?.dealers ?? loaderData.dealers;
  const dealerQuery = dealerFinder.data?.dealerQuery ?? loaderData.dealerQuery;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const offline = useOfflineSubmission(loaderData.submissionKey, actionData, answer?.submissionKey);
  const validate = useLaterValidation();
  const { draft } = loaderData;
  const [form, fields] = useForm({
    id: "new-post",
    lastResult: answer?.result,
    defaultValue: { ...draft?.fields, type: prefill.type ?? "", dealerId: prefill.dealerId ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    // Offline, a valid post waits on the phone and is sent when the connection returns.
    onSubmit: (event, { formData }) => offline.onSubmit(event, formData),
  });
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? ""));
  const [text, setText] = useState(String(fields.text.initialValue ?? ""));
  const [price, setPrice] = useState(String(fields.salePrice.initialValue ?? ""));
  const [quantity, setQuantity] = useState(String(fields.saleQty.initialValue ?? ""));
  const [uploading, setUploading] = useState(false);
  const saving = navigation.state === "submitting" && navigation.formAction === "/new-post";
  const errorOf = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;

  // Add Dealer comes back to this post, with what is typed kept in this tab and the new dealer chosen.
  const addDealerHref = addDealerPath(type ? `/new-post?type=${type}` : "/new-post");
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
    offline.writeAnother();
  }

  if (offline.queued) {
    return (
      <KeptNotice>
        <button type="button" className="btn-secondary w-full" onClick={writeAnother}>
          Write another post
        </button>
      </KeptNotice>
    );
  }

  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h1 className="text-xl font-bold">New Post</h1>
        <Link to="/" className="btn-ghost px-2" aria-label="Close">
          <X size={22} aria-hidden />
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
            summaryOf("Post type", fields.type),
            summaryOf("Description", fields.text),
            summaryOf("Dealer", fields.dealerId),
            summaryOf("Product", fields.saleProduct),
            summaryOf("Quantity", fields.saleQty),
            summaryOf("Price per unit", fields.salePrice),
            summaryOf("Recovery amount", fields.recoveryAmount),
            {
              label: "Location",
              id: fields.lat.id,
              errors: [...(fields.lat.errors ?? []), ...(fields.lng.errors ?? []), ...(fields.address.errors ?? [])],
            },
            { label: "Photos and videos", id: "post-files", errors: errorOf("media") },
          ]}
        />
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={offline.submissionKey} />
        {draft ? <input type="hidden" name="draft" value={draft.id} /> : null}
        <PostTypeField field={fields.type} type={type} onChange={setType} />
        <DescriptionField field={fields.text} text={text} onChange={setText} />
        <DealerSection
          field={fields.dealerId}
          type={type}
          hydrated={hydrated}
          dealers={dealers}
          search={dealerSearch ? { query: dealerQuery, total: dealerTotal } : null}
          addDealerIntent={ADD_DEALER_INTENT}
          onAddDealer={addDealer}
        />
        <SaleSection
          fields={{ product: fields.saleProduct, qty: fields.saleQty, price: fields.salePrice }}
          type={type}
          hydrated={hydrated}
          currency={currency}
          quantity={quantity}
          price={price}
          onQuantity={setQuantity}
          onPrice={setPrice}
        />
        <RecoverySection field={fields.recoveryAmount} type={type} hydrated={hydrated} currency={currency} />
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
          errors={[...(fields.lat.errors ?? []), ...(fields.lng.errors ?? []), ...(fields.address.errors ?? [])]}
        />
        <MediaUploader
          errors={errorOf("media")}
          onBusyChange={setUploading}
          kept={answer?.kept ?? draft?.kept}
          lost={answer?.lost ?? draft?.lost}
        />
        <button
          type="submit"
          className="btn-primary w-full"
          disabled={hydrated && (type === "" || saving || uploading)}
        >
          {saving ? "Posting..." : "Post"}
        </button>
      </Form>
      {/* The dealer search's own form: its fields sit in the dealer section and name it with form=. */}
      <dealerFinder.Form id={DEALER_SEARCH_FORM} method="get" action="/new-post" />
    </div>
  );
}
