import { prisma } from "~/db.server";
import { env } from "~/env.server";
import { hashSecretToken, newSecretToken } from "~/infra/secret-token.server";
import { AppError } from "~/lib/app-error";
import { displayName } from "~/lib/names";
import type { MessageKey } from "~/locales/namespaces";
import { storedWords } from "~/models/notification.server";
import {
  APPROVAL_TEAM_REQUIRED,
  type InviteLink,
  type PendingAccount,
  type RegistrationSettings,
} from "~/models/registration.schema";
import type { TeamView } from "~/models/team.schema";
import { authorize, can } from "~/models/policy";
import { policyViewer } from "~/models/policy.server";
import type { Viewer } from "~/models/team-scope.server";
import { registerUser, type CurrentUser } from "~/models/user.server";
import type { LocationValues, RegistrationInput } from "~/models/user.schema";
import { currentTime } from "~/infra/clock.server";
import { DAY_MS } from "~/lib/calendar";

// Who may join, and the accounts that wait (decision 42).

export const WAITING_FOR_APPROVAL: MessageKey = "auth:errors.waitingForApproval";
export const INVITE_ONLY: MessageKey = "auth:errors.inviteOnly";
export const INVITE_INVALID: MessageKey = "auth:errors.inviteInvalid";
const DOMAIN_REFUSED: MessageKey = "auth:errors.domainRefused";
export const PENDING_NOT_FOUND: MessageKey = "people:errors.pendingNotFound";

const SETTING_MODE = "registrationMode";
const SETTING_DOMAINS = "registrationDomains";
const INVITE_LIFETIME_DAYS = 7;

function envDomains(): string[] {
  return env.REGISTRATION_DOMAINS.split(/[\s,]+/)
    .map((domain) => domain.trim().toLowerCase())
    .filter(Boolean);
}

/** The admin's choice, or the environment's default where the admin has not chosen. */
export async function registrationSettings(): Promise<RegistrationSettings> {
  const rows = await prisma.setting.findMany({ where: { key: { in: [SETTING_MODE, SETTING_DOMAINS] } } });
  const saved = new Map(rows.map((row) => [row.key, row.value]));
  const mode = saved.get(SETTING_MODE);
  const domains = saved.get(SETTING_DOMAINS);
  return {
    mode: (mode as RegistrationSettings["mode"] | undefined) ?? env.REGISTRATION_MODE,
    domains: domains === undefined ? envDomains() : (JSON.parse(domains) as string[]),
  };
}

export async function saveRegistrationSettings(settings: RegistrationSettings): Promise<void> {
  await prisma.$transaction([
    prisma.setting.upsert({
      where: { key: SETTING_MODE },
      create: { key: SETTING_MODE, value: settings.mode },
      update: { value: settings.mode },
    }),
    prisma.setting.upsert({
      where: { key: SETTING_DOMAINS },
      create: { key: SETTING_DOMAINS, value: JSON.stringify(settings.domains) },
      update: { value: JSON.stringify(settings.domains) },
    }),
  ]);
}

/** Claims an unused, unexpired invite at once (a second registration with it finds it used). */
async function claimInvite(token: string): Promise<{ id: number; teamId: number }> {
  const tokenHash = hashSecretToken(token);
  const now = currentTime();
  const claimed = await prisma.invite.updateMany({
    where: { tokenHash, usedAt: null, expiresAt: { gt: now } },
    data: { usedAt: now },
  });
  const invite = claimed.count === 1 ? await prisma.invite.findUnique({ where: { tokenHash } }) : null;
  if (!invite) throw new AppError(403, INVITE_INVALID);
  return { id: invite.id, teamId: invite.teamId };
}

/** The only team, when the company has exactly one: a new account without an invite joins it. */
async function onlyTeam(): Promise<number | null> {
  const teams = await prisma.team.findMany({ select: { id: true }, take: 2 });
  return teams.length === 1 ? teams[0]!.id : null;
}

type Registration = RegistrationInput & LocationValues & { invite?: string | null };

/**
 * Registers an OFFICER as the registration mode allows: in at once (open, a company domain, an
 * invite), waiting for approval, or refused with a 403 before any account is made.
 */
export async function register({ invite: token, ...input }: Registration): Promise<CurrentUser> {
  const settings = await registrationSettings();
  const invite = token ? await claimInvite(token) : null;
  if (!invite) {
    if (settings.mode === "invite") throw new AppError(403, INVITE_ONLY);
    const domain = input.email.toLowerCase().split("@").pop() ?? "";
    if (settings.mode === "domains" && !settings.domains.includes(domain)) {
      throw new AppError(403, DOMAIN_REFUSED, { field: "email" });
    }
  }
  const approval = invite || settings.mode !== "approval" ? "APPROVED" : "PENDING";
  try {
    const user = await registerUser(input, { approval, teamId: invite?.teamId ?? (await onlyTeam()) });
    if (invite) await prisma.invite.update({ where: { id: invite.id }, data: { usedById: user.id } });
    if (approval === "PENDING") await notifyApprovers(user);
    return user;
  } catch (error) {
    // The account was not made (a taken name): the invite stays usable.
    if (invite) await prisma.invite.update({ where: { id: invite.id }, data: { usedAt: null } });
    throw error;
  }
}

/** Every active manager and admin hears of a new account waiting (it has no team yet). */
async function notifyApprovers(user: CurrentUser): Promise<void> {
  const approvers = await prisma.user.findMany({
    where: { role: { in: ["MANAGER", "ADMIN"] }, isActive: true, approval: "APPROVED" },
    select: { id: true, role: true },
  });
  await prisma.notification.createMany({
    data: approvers.map(({ id, role }) => ({
      userId: id,
      type: "ACCOUNT_PENDING",
      // A manager approves on their Team Admin page (/team); an admin on the Admin page.
      ...storedWords({
        title: "people:notifications.accountPending.title",
        message: "people:notifications.accountPending.message",
        values: { name: displayName(user), email: user.email, role },
      }),
    })),
  });
}

/** The accounts waiting for approval, oldest first: every manager and admin sees them all. */
export async function listPendingAccounts(): Promise<PendingAccount[]> {
  const users = await prisma.user.findMany({
    where: { approval: "PENDING", isActive: true },
    orderBy: { createdAt: "asc" },
    select: {
      id: true,
      username: true,
      email: true,
      firstName: true,
      lastName: true,
      phone: true,
      homeAddress: true,
      createdAt: true,
    },
  });
  return users.map((user) => ({ ...user, createdAt: user.createdAt.toISOString() }));
}

/** The teams an approver may put people in: every team for an admin, the teams a manager leads. */
export async function teamsApproverMayFill(approver: Viewer): Promise<TeamView[]> {
  const viewer = await policyViewer(approver);
  const teams = await prisma.team.findMany({ select: { id: true, name: true }, orderBy: { name: "asc" } });
  return teams.filter((team) => can(viewer, "account.approve", { teamId: team.id }));
}

/** The team, when the approver may put people in it by `action` (approving, inviting). */
async function teamApproverMayFill(
  approver: Viewer,
  teamId: number,
  action: "account.approve" | "invite.create",
): Promise<TeamView> {
  const team = await prisma.team.findUnique({ where: { id: teamId }, select: { id: true, name: true } });
  if (!team) throw new AppError(400, APPROVAL_TEAM_REQUIRED, { field: "teamId" });
  authorize(await policyViewer(approver), action, { teamId });
  return team;
}

async function pendingAccount(userId: number) {
  const user = await prisma.user.findFirst({
    where: { id: userId, approval: "PENDING" },
    select: { id: true, username: true },
  });
  if (!user) throw new AppError(404, PENDING_NOT_FOUND);
  return user;
}

/** Lets a waiting account in, into a team the approver may fill; the account hears of it. */
export async function approveAccount(approver: Viewer, userId: number, teamId: number): Promise<void> {
  await pendingAccount(userId);
  const team = await teamApproverMayFill(approver, teamId, "account.approve");
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { approval: "APPROVED", teamId } }),
    prisma.notification.create({
      data: {
        userId,
        type: "ACCOUNT_APPROVED",
        ...storedWords({
          title: "people:notifications.welcome.title",
          message: "people:notifications.accountApproved.message",
          values: { team: team.name },
        }),
      },
    }),
  ]);
}

/** Refuses a waiting account: it cannot sign in, and its sessions end now. */
export async function refuseAccount(userId: number): Promise<void> {
  await pendingAccount(userId);
  await prisma.$transaction([
    prisma.user.update({ where: { id: userId }, data: { approval: "REFUSED" } }),
    prisma.session.deleteMany({ where: { userId } }),
  ]);
}

/** A new invite link (its token shown once, only its hash kept) for a team the maker may fill. */
export async function createInvite(maker: Viewer, teamId: number): Promise<InviteLink> {
  const team = await teamApproverMayFill(maker, teamId, "invite.create");
  const token = newSecretToken(24);
  const expiresAt = new Date(currentTime().getTime() + INVITE_LIFETIME_DAYS * DAY_MS);
  await prisma.invite.create({ data: { tokenHash: hashSecretToken(token), teamId, createdById: maker.id, expiresAt } });
  const url = new URL("/register", env.APP_URL);
  url.searchParams.set("invite", token);
  return { url: url.toString(), team, expiresAt: expiresAt.toISOString() };
}

/** True when the token names an invite that still lets someone in. */
export async function isInviteUsable(token: string): Promise<boolean> {
  const invite = await prisma.invite.findUnique({ where: { tokenHash: hashSecretToken(token) } });
  return Boolean(invite && invite.usedAt === null && invite.expiresAt > currentTime());
}
