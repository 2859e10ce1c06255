import { data, Link } from "react-router";
import type { Route } from "./+types/tokens";
import { CreatedTokenNotice, NewTokenForm, TokenList } from "~/components/tokens/api-tokens";
import { FormErrors } from "~/components/forms";
import { requireUser } from "~/http/auth.server";
import { formCall, parseForm, readForm, replyWithError } from "~/http/form.server";
import { redirectWithToast } from "~/http/toast.server";
import { guardRequest } from "~/browser/request-guard";
import { isFailedRequest } from "~/lib/failed-request";
import { UNKNOWN_ACTION } from "~/lib/intents";
import { newTokenSchema, tokenIdSchema } from "~/models/api-token.schema";
import { tokenScopesFor } from "~/models/policy";
import { createToken, listTokens, revokeToken } from "~/models/api-token.server";
import { Icon } from "~/components/icon";
import { currentTime } from "~/infra/clock.server";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, requestTranslator, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "people:tokens.pageTitle") }];

/** Your API tokens: for tools that use the API as you (decision 48). */
export async function loader(args: Route.LoaderArgs) {
  const user = requireUser(args);
  return {
    tokens: await listTokens(user.id),
    scopes: tokenScopesFor(user),
    now: currentTime().toISOString(),
    messages: pageMessages(args.context, "people"),
  };
}

/**
 * `create-token` answers this page with the new token, shown this once (a redirect would have to
 * carry it in a cookie); `revoke-token` goes back to the list with a notice.
 */
export async function action(args: Route.ActionArgs) {
  const user = requireUser(args);
  const form = await readForm(args.request);
  const intent = form.get("intent");
  switch (intent) {
    case "create-token": {
      const submission = parseForm(form, newTokenSchema);
      // `created: null` on a refusal: the answer that carries a token is not a subtype of this one.
      if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
      return formCall(
        // A signed-in page is never stored (entry.server.tsx): the token stays on this one screen.
        async () => ({
          created: await createToken(user, submission.value, { by: "session" }),
          result: submission.reply({ resetForm: true }),
        }),
        (error) => data({ result: replyWithError(submission, error), created: null }, { status: error.status }),
      );
    }
    case "revoke-token": {
      const tokenId = tokenIdSchema.safeParse(form.get("tokenId") ?? undefined);
      if (!tokenId.success)
        return data({ error: said(tokenId.error.issues[0]?.message ?? UNKNOWN_ACTION) }, { status: 400 });
      return formCall(
        async () => {
          await revokeToken(user.id, tokenId.data, "session");
          const t = requestTranslator(args.context, "people");
          return redirectWithToast("/profile/tokens", {
            title: t("people:tokens.revoked"),
            description: t("people:tokens.revokedDescription"),
          });
        },
        (error) => data({ error: said(error.message, error.values) }, { status: error.status }),
      );
    }
    default:
      return data({ error: UNKNOWN_ACTION }, { status: 400 });
  }
}

export const clientAction = (args: Route.ClientActionArgs) =>
  guardRequest(args, (form) => ({
    type: "error",
    title: "common:notice.error",
    description: form.get("intent") === "revoke-token" ? "common:failed.tokenRevoke" : "common:failed.tokenCreate",
  }));

export default function ApiTokens({ loaderData, actionData }: Route.ComponentProps) {
  const { tokens, scopes, now } = loaderData;
  const answer = isFailedRequest(actionData) ? undefined : actionData;
  const t = useT();
  return (
    <div className="space-y-4">
      <Link to="/profile" className="tap inline-flex items-center gap-1 text-sm text-gray-11">
        <Icon name="chevron-left" size={16} className="rtl:-scale-x-100" /> {t("people:tokens.backToProfile")}
      </Link>
      <h1 className="text-xl font-bold">{t("people:tokens.title")}</h1>
      <p className="text-sm text-gray-11">{t("people:tokens.explanation")}</p>
      {answer && "created" in answer && answer.created ? <CreatedTokenNotice created={answer.created} /> : null}
      <section className="card space-y-3" aria-labelledby="new-token-title">
        <h2 id="new-token-title" className="font-semibold">
          {t("people:tokens.newTitle")}
        </h2>
        <NewTokenForm
          id="new-token-form"
          scopes={scopes}
          result={answer && "result" in answer ? answer.result : undefined}
        />
      </section>
      <section className="card space-y-2" aria-labelledby="tokens-title">
        <h2 id="tokens-title" className="font-semibold">
          {t("people:tokens.yours")}
        </h2>
        {answer && "error" in answer ? <FormErrors errors={[answer.error]} /> : null}
        <TokenList tokens={tokens} now={now} />
      </section>
    </div>
  );
}
