import { getFormProps, useForm } from "@conform-to/react";
import { X } from "lucide-react";
import { startTransition, useEffect, useMemo, useState, type ReactNode } from "react";
import { data, Form, isRouteErrorResponse, Link, useFetcher, useNavigation } from "react-router";
import type { Route } from "./+types/new-post";
import { FieldErrors, FormErrors } from "~/components/forms";
import { LocationCapture } from "~/components/posts/location-capture";
import { MediaUploader } from "~/components/posts/media-uploader";
import { useHydrated } from "~/lib/hydrated";
import { keepForLater, postBodyFromForm, type QueuedSubmission } from "~/lib/send-queue";
import { newSubmissionKey, SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import { centsToDecimal, parseMoneyToCents, saleTotalCents } from "~/lib/money";
import { formCall } from "~/http/form.server";
import { parseId } from "~/lib/ids";
import { readPostForm } from "~/http/upload-forms.server";
import { POST_TYPE_LABELS, POST_TYPES, SALE_PRODUCT_LABELS, SALE_PRODUCTS, type PostType } from "~/lib/post-types";
import { requireUser } from "~/models/auth.server";
import { submissionKeyFromForm } from "~/models/idempotency.server";
import { dealerSearchSchema } from "~/models/dealer.schema";
import { DEALER_OPTIONS_LIMIT, listDealerOptions } from "~/models/dealer.server";
import { createPost } from "~/models/post.server";
import { DEALER_REQUIRED_TYPES, DEALER_TYPES, MAX_TEXT } from "~/models/post.rules";
import { validatePost } from "~/models/post.validation";
import { redirectWithToast } from "~/http/toast.server";
import { usePublicEnv, useRootData } from "~/lib/root-data";

export const meta: Route.MetaFunction = () => [{ title: "New Post · Fieldline" }];

export const POST_FAILED = "Failed to create post. Please try again.";
const NOT_KEPT = "This phone could not keep the post while offline. Please try again when you are connected.";

/** The post as it waits on the phone: the /api body, sent later with the form's key. */
function waitingPost(formData: FormData, userId: number, key: string): QueuedSubmission {
  const label = POST_TYPE_LABELS[String(formData.get("type")) as PostType];
  const description = String(formData.get("text") ?? "").trim();
  return {
    key,
    userId,
    kind: "post",
    url: "/api/posts",
    body: postBodyFromForm(formData, [SUBMISSION_KEY_FIELD]),
    label: description ? `${label}: ${description}` : label,
    createdAt: Date.now(),
  };
}

/**
 * The post submitted online, until its answer comes: when the request fails on the way (a
 * flaky network), the error boundary keeps it on the phone with the same key, so the send queue's
 * retry can never make a second copy of a post that did reach the server.
 */
let inFlight: QueuedSubmission | undefined;

export async function loader(args: Route.LoaderArgs) {
  requireUser(args);
  const params = new URL(args.request.url).searchParams;
  const type = params.get("type");
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
      type: (POST_TYPES as string[]).includes(type ?? "") ? (type as PostType) : undefined,
      dealerId: chosen ? String(chosen.id) : undefined,
    },
  };
}

export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  let submission: ReturnType<typeof validatePost> | undefined;
  try {
    return await formCall(
      async () => {
        const { form, files } = await readPostForm(args.request);
        submission = validatePost(form);
        if (submission.status !== "success") return data({ result: submission.reply(), formError: undefined }, { status: 400 });
        await createPost(user.id, submission.value, files, submissionKeyFromForm(form));
        return redirectWithToast("/", { title: "Post created successfully!" });
      },
      // A refused body (too large, too many files) has no fields to keep; a refused post keeps them.
      (error) =>
        submission
          ? data({ result: submission.reply({ fieldErrors: { [error.field ?? "media"]: [error.message] } }), formError: undefined }, { status: error.status })
          : data({ result: undefined, formError: error.message }, { status: error.status }),
    );
  } catch (error) {
    // What went wrong is the server's fault, but the officer keeps the form and the spec's message.
    console.error(error);
    return data({ result: submission?.reply({ formErrors: [POST_FAILED] }), formError: submission ? undefined : POST_FAILED }, { status: 500 });
  }
}

/** The form's validation, loaded after the page (see post.validation.ts). */
function useLaterValidation() {
  const [validate, setValidate] = useState<typeof validatePost>();
  useEffect(() => {
    // A transition: the form re-renders in slices, not in one long task.
    void import("~/models/post.validation").then((module) => startTransition(() => setValidate(() => module.validatePost)));
  }, []);
  return validate;
}

type Section = "sale" | "recovery" | "dealer";
const SECTION_TYPES: Record<Section, string> = { sale: "SALE", recovery: "RECOVERY", dealer: [...DEALER_TYPES].join(" ") };

export default function NewPost({ loaderData, actionData }: Route.ComponentProps) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const rootData = useRootData();
  const currency = usePublicEnv().CURRENCY_SYMBOL;
  const userId = rootData?.user?.id;
  const { prefill, dealerSearch, dealerTotal } = loaderData;
  // With JavaScript the dealer search answers in place (the page's loader, fetched); without it, it reloads the page.
  const dealerFinder = useFetcher<typeof loader>();
  const dealers = dealerFinder.data?.dealers ?? loaderData.dealers;
  const dealerQuery = dealerFinder.data?.dealerQuery ?? loaderData.dealerQuery;
  // The same elements on every render of the form, so React does not compare up to 200 options each time.
  const dealerOptions = useMemo(
    () =>
      dealers.map((dealer) => (
        <option key={dealer.id} value={dealer.id}>
          {dealer.businessName} ({dealer.city})
        </option>
      )),
    [dealers],
  );
  const [submissionKey, setSubmissionKey] = useState(loaderData.submissionKey);
  const [queued, setQueued] = useState(false);
  const [notKept, setNotKept] = useState(false);
  const validate = useLaterValidation();
  const [form, fields] = useForm({
    id: "new-post",
    lastResult: actionData?.result,
    defaultValue: { type: prefill.type ?? "", dealerId: prefill.dealerId ?? "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: validate ? ({ formData }) => validate(formData) : undefined,
    // Offline, a valid post waits on the phone and is sent when the connection returns.
    onSubmit(event, { formData }) {
      if (userId === undefined) return;
      const post = waitingPost(formData, userId, submissionKey);
      if (navigator.onLine) {
        inFlight = post;
        return;
      }
      event.preventDefault();
      void keepOffline(post);
    },
  });
  // An answer came (or the page is new): nothing is in flight.
  useEffect(() => {
    inFlight = undefined;
  }, [actionData]);
  const [type, setType] = useState<string>(String(fields.type.initialValue ?? ""));
  const [text, setText] = useState(String(fields.text.initialValue ?? ""));
  const [price, setPrice] = useState(String(fields.salePrice.initialValue ?? ""));
  const [quantity, setQuantity] = useState(String(fields.saleQty.initialValue ?? ""));
  const [uploading, setUploading] = useState(false);
  const saving = navigation.state === "submitting" && navigation.formAction === "/new-post";

  // Without JavaScript every section shows; with it, only the chosen type's.
  const chosen = (section: Section) => {
    if (section === "sale") return type === "SALE";
    if (section === "recovery") return type === "RECOVERY";
    return DEALER_TYPES.has(type);
  };
  const shows = (section: Section) => !hydrated || chosen(section);
  // Until React takes over, a browser with JavaScript already hides (app.css) what it will hide
  // then, so the form does not jump under the officer's finger. The value names the types that
  // show the section, which CSS also follows should the script never arrive.
  const hiddenOnceHydrated = (section: Section) => (!hydrated && !chosen(section) ? SECTION_TYPES[section] : undefined);
  const priceCents = parseMoneyToCents(price);
  const qty = /^\d+$/.test(quantity.trim()) ? Number(quantity) : null;
  const total = priceCents !== null && qty !== null ? centsToDecimal(saleTotalCents(priceCents, qty)) : "0.00";
  const errorOf = (name: string) => (fields as Record<string, { errors?: string[] }>)[name]?.errors;

  async function keepOffline(post: QueuedSubmission) {
    try {
      await keepForLater(post);
    } catch {
      setNotKept(true);
      return;
    }
    setSubmissionKey(newSubmissionKey());
    setNotKept(false);
    setQueued(true);
  }

  function writeAnother() {
    setType("");
    setText("");
    setPrice("");
    setQuantity("");
    setQueued(false);
  }

  if (queued) {
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
        <FormErrors errors={[...(actionData?.formError ? [actionData.formError] : []), ...(notKept ? [NOT_KEPT] : []), ...(form.errors ?? [])]} />
        <input type="hidden" name={SUBMISSION_KEY_FIELD} value={submissionKey} />

        <div>
          <label htmlFor={fields.type.id} className="field-label">
            Post type *
          </label>
          <select
            id={fields.type.id}
            name={fields.type.name}
            defaultValue={type}
            onChange={(event) => setType(event.target.value)}
            aria-invalid={fields.type.errors ? true : undefined}
            className="field-input"
          >
            <option value="">Select a post type</option>
            {POST_TYPES.map((value) => (
              <option key={value} value={value}>
                {POST_TYPE_LABELS[value]}
              </option>
            ))}
          </select>
          <FieldErrors errors={fields.type.errors} />
        </div>

        <div>
          <label htmlFor={fields.text.id} className="field-label">
            Description
          </label>
          <textarea
            id={fields.text.id}
            name={fields.text.name}
            rows={4}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="What happened in the field today?"
            aria-invalid={fields.text.errors ? true : undefined}
            aria-describedby={`${fields.text.id}-counter`}
            className="field-input py-2"
          />
          <p id={`${fields.text.id}-counter`} className={`mt-1 text-right text-xs ${text.length > MAX_TEXT ? "text-danger-11" : "text-gray-11"}`}>
            {text.length} / {MAX_TEXT}
          </p>
          <FieldErrors errors={fields.text.errors} />
        </div>

        <fieldset hidden={!shows("dealer")} data-hidden-with-js={hiddenOnceHydrated("dealer")} disabled={!shows("dealer")} className="space-y-1">
          {dealerSearch ? <DealerSearch query={dealerQuery} total={dealerTotal} found={dealers.length} /> : null}
          <label htmlFor={fields.dealerId.id} className="field-label">
            Dealer{hydrated ? (DEALER_REQUIRED_TYPES.has(type) ? " *" : " (optional)") : " (required for Dealer Meeting and Recovery)"}
          </label>
          <select id={fields.dealerId.id} name={fields.dealerId.name} defaultValue={String(fields.dealerId.initialValue ?? "")} className="field-input" aria-invalid={fields.dealerId.errors ? true : undefined}>
            <option value="">Select a dealer</option>
            {dealerOptions}
            <option value="new">+ Add new dealer</option>
          </select>
          <p className="text-xs text-gray-11">
            Not in the list?{" "}
            <Link to="/add-dealer" className="link">
              Add a new dealer
            </Link>
          </p>
          <FieldErrors errors={fields.dealerId.errors} />
        </fieldset>

        <fieldset hidden={!shows("sale")} data-hidden-with-js={hiddenOnceHydrated("sale")} disabled={!shows("sale")} className="space-y-3 rounded-lg border border-gray-5 p-3">
          <legend className="px-1 text-sm font-semibold">Sale{hydrated ? "" : " (for Sale posts)"}</legend>
          <div>
            <label htmlFor={fields.saleProduct.id} className="field-label">
              Product
            </label>
            <select id={fields.saleProduct.id} name={fields.saleProduct.name} defaultValue={String(fields.saleProduct.initialValue ?? "")} className="field-input">
              <option value="">Select a product</option>
              {SALE_PRODUCTS.map((product) => (
                <option key={product} value={product}>
                  {SALE_PRODUCT_LABELS[product]}
                </option>
              ))}
            </select>
            <FieldErrors errors={fields.saleProduct.errors} />
          </div>
          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor={fields.saleQty.id} className="field-label">
                Quantity (bags)
              </label>
              <input id={fields.saleQty.id} name={fields.saleQty.name} type="number" inputMode="numeric" min={1} step={1} value={quantity} onChange={(event) => setQuantity(event.target.value)} className="field-input" />
              <FieldErrors errors={fields.saleQty.errors} />
            </div>
            <div>
              <label htmlFor={fields.salePrice.id} className="field-label">
                Price per unit ({currency})
              </label>
              <input id={fields.salePrice.id} name={fields.salePrice.name} type="text" inputMode="decimal" placeholder="0.00" value={price} onChange={(event) => setPrice(event.target.value)} className="field-input" />
              <FieldErrors errors={fields.salePrice.errors} />
            </div>
          </div>
          {hydrated ? (
            <div>
              <label htmlFor="sale-total" className="field-label">
                Total ({currency})
              </label>
              <output id="sale-total" htmlFor={`${fields.saleQty.id} ${fields.salePrice.id}`} className="field-input flex items-center bg-gray-2 font-semibold">
                {total}
              </output>
            </div>
          ) : (
            <p className="text-xs text-gray-11">The total (price × quantity) is worked out when you post.</p>
          )}
        </fieldset>

        <fieldset hidden={!shows("recovery")} data-hidden-with-js={hiddenOnceHydrated("recovery")} disabled={!shows("recovery")} className="space-y-1 rounded-lg border border-gray-5 p-3">
          <legend className="px-1 text-sm font-semibold">Recovery{hydrated ? "" : " (for Recovery posts)"}</legend>
          <label htmlFor={fields.recoveryAmount.id} className="field-label">
            Amount recovered ({currency})
          </label>
          <input id={fields.recoveryAmount.id} name={fields.recoveryAmount.name} type="text" inputMode="decimal" placeholder="0.00" defaultValue={String(fields.recoveryAmount.initialValue ?? "")} className="field-input" />
          <FieldErrors errors={fields.recoveryAmount.errors} />
        </fieldset>

        <LocationCapture
          ids={{ lat: fields.lat.id, lng: fields.lng.id, address: fields.address.id }}
          defaultValue={{ lat: String(fields.lat.initialValue ?? ""), lng: String(fields.lng.initialValue ?? ""), address: String(fields.address.initialValue ?? "") }}
          errors={[...(fields.lat.errors ?? []), ...(fields.lng.errors ?? []), ...(fields.address.errors ?? [])]}
        />

        <MediaUploader errors={errorOf("media")} onBusyChange={setUploading} />

        <button type="submit" className="btn-primary w-full" disabled={hydrated && (type === "" || saving || uploading)}>
          {saving ? "Posting..." : "Post"}
        </button>
      </Form>
      {/* The dealer search's own form: its fields sit in the dealer section and name it with form=. */}
      <dealerFinder.Form id={DEALER_SEARCH_FORM} method="get" action="/new-post" />
    </div>
  );
}

const DEALER_SEARCH_FORM = "dealer-search";

function searchNote(query: string, found: number, total: number): string {
  if (query === "") return `The list shows the first ${found} of ${total} dealers by name.`;
  if (found === 0) return "No dealers found for your search.";
  return found === 1 ? "1 dealer found." : `${found} dealers found.`;
}

function DealerSearch({ query, total, found }: { query: string; total: number; found: number }) {
  return (
    <div className="space-y-1 pb-2">
      <label htmlFor="dealer-query" className="field-label">
        Find a dealer
      </label>
      <div className="flex gap-2">
        <input id="dealer-query" type="search" name="dealerQuery" form={DEALER_SEARCH_FORM} defaultValue={query} placeholder="Name, owner, city or phone" className="field-input flex-1" />
        <button type="submit" form={DEALER_SEARCH_FORM} className="btn-secondary px-3">
          Find
        </button>
      </div>
      <p className="text-xs text-gray-11">
        {searchNote(query, found, total)}
      </p>
    </div>
  );
}

function KeptNotice({ children }: { children: ReactNode }) {
  return (
    <div className="space-y-3">
      <h1 className="text-xl font-bold">New Post</h1>
      <div role="status" className="card space-y-3">
        <p className="font-semibold">Saved on this phone, waiting to send</p>
        <p className="text-sm text-gray-11">The connection failed. The post is sent by itself when it returns; until then it is listed under “Waiting to send”.</p>
        {children}
      </div>
    </div>
  );
}

/** A post whose request failed on the way is kept on the phone; any other error goes to the root's page. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const [post] = useState(() => (!isRouteErrorResponse(error) && error instanceof TypeError ? inFlight : undefined));
  const [kept, setKept] = useState<boolean | null>(null);
  useEffect(() => {
    if (!post) return;
    inFlight = undefined;
    keepForLater(post).then(
      () => setKept(true),
      () => setKept(false),
    );
  }, [post]);
  if (!post) throw error;
  if (kept === false) throw error;
  return (
    <KeptNotice>
      {/* A whole page: the worker answers it even without a connection. */}
      <a href="/new-post" className="btn-secondary w-full">
        Write another post
      </a>
    </KeptNotice>
  );
}
