import { Form, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/deactivate";
import { AdminErrorView } from "~/components/access-denied";
import { requirePageId, pageRefusal } from "~/http/form.server";
import { displayName } from "~/lib/names";
import { findUserForAdmin } from "~/models/admin.server";
import { USER_NOT_FOUND } from "~/models/admin.schema";
import { requireAllowed } from "~/http/auth.server";
import { metaTitle, useT } from "~/browser/i18n";
import { pageMessages, said } from "~/http/language.server";

export const meta: Route.MetaFunction = ({ matches }) => [{ title: metaTitle(matches, "admin:deactivate.pageTitle") }];

/** Without JavaScript, deactivating an account asks on this page (with JavaScript, a confirm dialog). */
export async function loader(args: Route.LoaderArgs) {
  const admin = await requireAllowed(args, "user.deactivate");
  const id = requirePageId(args.params.id, USER_NOT_FOUND);
  const user = id === admin.id ? null : await findUserForAdmin(id);
  if (!user || !user.isActive) throw pageRefusal(said(USER_NOT_FOUND), 404);
  return { user, messages: pageMessages(args.context, "admin") };
}

export default function DeactivateAccount({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const t = useT();
  // Back to the user's row, open, whether the admin goes on or not.
  const back = `/admin?${new URLSearchParams({ query: user.username, manage: String(user.id) })}`;
  return (
    <div className="card mx-auto max-w-sm space-y-4 text-center">
      <h1 className="text-xl font-bold">
        {t("admin:deactivate.title", { name: displayName(user), username: user.username })}
      </h1>
      <p>{t("admin:deactivate.explain")}</p>
      <Form method="post" action={back} className="grid grid-cols-2 gap-3">
        <input type="hidden" name="intent" value="deactivate" />
        <input type="hidden" name="userId" value={user.id} />
        <input type="hidden" name="confirm" value="yes" />
        <Link to={back} className="btn-secondary">
          {t("admin:form.cancel")}
        </Link>
        <button type="submit" className="btn-primary bg-danger-9">
          {t("admin:users.deactivate")}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <AdminErrorView
      error={error}
      failedMessage={notFound ? "common:failed.accountNotDeactivatable" : "common:failed.loadAccount"}
    />
  );
}
