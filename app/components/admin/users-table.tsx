import type { FormEvent, ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { formatLocalDate } from "~/lib/date-format";
import { displayName } from "~/lib/names";
import type { AdminUser } from "~/models/admin.schema";
import { useHydrated } from "~/browser/hydrated";
import { RichMessage, useT } from "~/browser/i18n";
import { useLanguage } from "~/browser/root-data";
import { ROLES } from "~/lib/roles";
import { SUBMISSION_KEY_FIELD } from "~/lib/submission-key";
import type { MessageKey } from "~/locales/namespaces";
import { ROLE_LABELS } from "~/components/admin/role-labels";

/** The intent and user of the form being submitted, for the pending labels. */
function usePendingAction(): { intent: string; userId: string } | null {
  const navigation = useNavigation();
  if (navigation.state !== "submitting" || !navigation.formData) return null;
  return { intent: String(navigation.formData.get("intent")), userId: String(navigation.formData.get("userId")) };
}

function UserForm({
  user,
  intent,
  children,
  onSubmit,
}: {
  user: AdminUser;
  intent: string;
  children: ReactNode;
  onSubmit?: (event: FormEvent<HTMLFormElement>) => void;
}) {
  return (
    <Form method="post" className="flex gap-2" onSubmit={onSubmit}>
      <input type="hidden" name="userId" value={user.id} />
      <input type="hidden" name="intent" value={intent} />
      {children}
    </Form>
  );
}

/**
 * Deactivating signs the officer out at once, so it is asked first: a confirm dialog with
 * JavaScript, a confirmation page without. Reactivating is one tap.
 */
function AccessToggle({ user, busy }: { user: AdminUser; busy: (intent: string) => boolean }) {
  const t = useT();
  const hydrated = useHydrated();
  const danger = "btn-secondary px-3 text-sm text-danger-11";
  if (!user.isActive) {
    return (
      <UserForm user={user} intent="reactivate">
        <button type="submit" className="btn-secondary px-3 text-sm" disabled={busy("reactivate")}>
          {busy("reactivate") ? t("admin:users.reactivating") : t("admin:users.reactivate")}
        </button>
      </UserForm>
    );
  }
  if (!hydrated) {
    return (
      <Link to={`/admin/users/${user.id}/deactivate`} className={danger}>
        {t("admin:users.deactivate")}
      </Link>
    );
  }
  const confirmDeactivation = (event: FormEvent<HTMLFormElement>) => {
    if (!window.confirm(t("admin:deactivate.confirm", { username: user.username }))) event.preventDefault();
  };
  return (
    <UserForm user={user} intent="deactivate" onSubmit={confirmDeactivation}>
      <input type="hidden" name="confirm" value="yes" />
      <button type="submit" className={danger} disabled={busy("deactivate")}>
        {busy("deactivate") ? t("admin:users.deactivating") : t("admin:users.deactivate")}
      </button>
    </UserForm>
  );
}

function UserActions({ user, isSelf, resetKey }: { user: AdminUser; isSelf: boolean; resetKey: string }) {
  const t = useT();
  const pending = usePendingAction();
  const busy = (intent: string) => pending?.userId === String(user.id) && pending.intent === intent;
  return (
    <div className="flex flex-wrap items-center gap-3">
      {isSelf ? (
        <p className="text-xs text-gray-11">{t("admin:users.ownAccount")}</p>
      ) : (
        <UserForm user={user} intent="change-role">
          <label htmlFor={`role-${user.id}`} className="sr-only">
            {t("admin:users.roleOf", { username: user.username })}
          </label>
          <select
            key={user.role}
            id={`role-${user.id}`}
            name="role"
            defaultValue={user.role}
            className="field-input w-auto text-sm"
          >
            {ROLES.map((role) => (
              <option key={role} value={role}>
                {t(ROLE_LABELS[role])}
              </option>
            ))}
          </select>
          <button type="submit" className="btn-secondary px-3 text-sm" disabled={busy("change-role")}>
            {busy("change-role") ? t("admin:form.saving") : t("admin:users.changeRole")}
          </button>
        </UserForm>
      )}
      {user.isActive ? (
        <UserForm user={user} intent="reset-password">
          {/* One key per row: a reset of another user is another request, never a repeat of this one. */}
          <input type="hidden" name={SUBMISSION_KEY_FIELD} value={`${resetKey}-${user.id}`} />
          <button type="submit" className="btn-secondary px-3 text-sm" disabled={busy("reset-password")}>
            {busy("reset-password") ? t("admin:users.sending") : t("admin:users.resetPassword")}
          </button>
        </UserForm>
      ) : null}
      {/* The action that locks someone out stands apart, at the end of the row. */}
      {isSelf ? null : (
        <div className="ms-auto ps-4">
          <AccessToggle user={user} busy={busy} />
        </div>
      )}
    </div>
  );
}

function statusLabel(user: AdminUser): MessageKey {
  if (!user.isActive) return "admin:users.status.deactivated";
  if (user.approval === "PENDING") return "admin:users.status.waiting";
  if (user.approval === "REFUSED") return "admin:users.status.refused";
  return "admin:users.status.active";
}

/**
 * The accounts, one compact row each (about 70 px at 360 px wide, Manage a 44 px target): name, username and team, role,
 * status. "Manage" (an admin) or "Details" (a manager) opens a row's email, join date and actions
 * below it, as does a list of one (a search that found the person). One <tbody> per user.
 */
export function UsersTable({
  users,
  viewerId,
  timeZone,
  resetKey,
  manage,
  openId,
  openHref,
}: {
  users: AdminUser[];
  viewerId: number;
  timeZone: string;
  resetKey: string;
  /** An admin changes accounts; a manager only reads the list of their teams. */
  manage: boolean;
  /** The user whose row is open (`?manage=<id>`). */
  openId: number | undefined;
  /** This page with the user's row open (a plain link: it works without JavaScript). */
  openHref: (userId: number) => string;
}) {
  const t = useT();
  const language = useLanguage();
  return (
    <table className="w-full table-fixed text-start text-sm" data-testid="users-table">
      <thead className="bg-gray-2 text-xs text-gray-11 uppercase">
        <tr>
          <th scope="col" className="px-2 py-2">
            {t("admin:users.user")}
          </th>
          <th scope="col" className="w-20 px-1 py-2">
            {t("admin:addUser.role")}
          </th>
          <th scope="col" className="w-24 px-1 py-2">
            {t("admin:users.status")}
          </th>
        </tr>
      </thead>
      {users.map((user) => {
        const open = user.id === openId || users.length === 1;
        return (
          <tbody
            key={user.id}
            id={`user-${user.id}`}
            className="scroll-mt-16 border-t border-gray-4"
            data-testid="user-row"
            data-username={user.username}
          >
            <tr className="align-top">
              <td className="px-2 py-1.5">
                <span className="block truncate font-medium">
                  {displayName(user)}
                  {user.id === viewerId ? (
                    <span className="ms-1 text-xs text-accent-11">{t("admin:users.you")}</span>
                  ) : null}
                </span>
                <span className="block truncate text-xs text-gray-11">
                  <bdi dir="ltr">@{user.username}</bdi> ·{" "}
                  {user.team ? t("admin:users.team", { team: user.team.name }) : t("admin:users.noTeam")}
                </span>
              </td>
              <td className="px-1 py-1.5 text-xs font-medium">{t(ROLE_LABELS[user.role])}</td>
              <td className="px-1 py-1.5">
                <span
                  className={`inline-block rounded-full px-2 py-0.5 text-xs font-medium ${user.isActive && user.approval === "APPROVED" ? "bg-accent-3 text-accent-11" : "bg-danger-3 text-danger-11"}`}
                >
                  {t(statusLabel(user))}
                </span>
                {open ? null : (
                  <Link to={openHref(user.id)} className="tap -my-1 text-xs font-medium text-accent-11 underline">
                    {manage ? t("admin:users.manage") : t("admin:users.details")}
                    <span className="sr-only"> @{user.username}</span>
                  </Link>
                )}
              </td>
            </tr>
            {open ? (
              <tr>
                <td colSpan={3} className="space-y-2 px-2 pb-3">
                  <p className="text-xs break-all text-gray-11">
                    <bdi dir="ltr">{user.email}</bdi> ·{" "}
                    <RichMessage
                      id="admin:users.joined"
                      components={{
                        0: (
                          <time dateTime={user.createdAt}>
                            {formatLocalDate(user.createdAt, timeZone, { language })}
                          </time>
                        ),
                      }}
                    />
                  </p>
                  {manage ? <UserActions user={user} isSelf={user.id === viewerId} resetKey={resetKey} /> : null}
                </td>
              </tr>
            ) : null}
          </tbody>
        );
      })}
    </table>
  );
}
