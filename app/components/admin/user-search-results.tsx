import type { ReactNode } from "react";
import { Form } from "react-router";
import { UsersTable } from "~/components/admin/users-table";
import { Icon } from "~/components/icon";
import { Pager } from "~/components/pager";
import type { AdminUserList } from "~/models/admin.schema";
import type { UsersPageState } from "~/lib/users-page-href";
import { useT } from "~/browser/i18n";

/**
 * The users pages' list (the admin's /admin, a manager's /team): the search, a notice above the
 * rows (a refused action), the rows and their pager; `hrefOf` gives a state of the list its address.
 */
export function UserSearchResults({
  users,
  state,
  hrefOf,
  viewerId,
  timeZone,
  resetKey,
  manage,
  openId,
  notice,
}: {
  users: AdminUserList;
  state: UsersPageState;
  hrefOf: (state: UsersPageState) => string;
  viewerId: number;
  timeZone: string;
  resetKey: string;
  manage: boolean;
  openId: number | undefined;
  notice?: ReactNode;
}) {
  const t = useT();
  const { query, team } = state;
  return (
    <>
      <Form method="get" role="search" className="flex gap-2 px-2 sm:px-0">
        <label htmlFor="user-search" className="sr-only">
          {t("admin:users.search")}
        </label>
        <input
          id="user-search"
          type="search"
          name="query"
          defaultValue={query}
          maxLength={100}
          placeholder={t("admin:users.searchPlaceholder")}
          className="field-input flex-1"
        />
        <button type="submit" className="btn-secondary px-3" aria-label={t("admin:users.searchButton")}>
          <Icon name="search" size={18} />
        </button>
      </Form>
      {notice}
      {users.users.length === 0 ? (
        <p className="px-2 text-sm text-gray-11">{query ? t("admin:users.noneFound") : t("admin:users.noneOnPage")}</p>
      ) : (
        <UsersTable
          users={users.users}
          viewerId={viewerId}
          timeZone={timeZone}
          resetKey={resetKey}
          manage={manage}
          openId={openId}
          openHref={(userId) => hrefOf({ query, page: users.page, team, manage: userId })}
        />
      )}
      <Pager
        page={users.page}
        pageSize={users.pageSize}
        total={users.total}
        hrefFor={(page) => hrefOf({ query, page, team })}
        label={t("admin:users.pages")}
      />
    </>
  );
}
