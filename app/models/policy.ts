import { AppError } from "~/lib/app-error";
import type { MessageKey } from "~/locales/namespaces";
import { SCOPE_NOT_ADMIN, TOKEN_SCOPES, TOKENS_NEED_SESSION, type TokenScope } from "~/models/api-token.schema";

// Who may do what (decision 75): one rule per named action, for page loaders and actions, /api
// and the models alike. The team rules ("a manager leads this team", "an officer's own team")
// live here once. Pure, so a page may ask `can` to show or hide a control; the viewer's led teams
// are loaded by policy.server.ts.

/** The signed-in user as the rules need them, with the credential they came with. */
export type PolicyViewer = {
  id: number;
  role: string;
  teamId: number | null;
  /** The teams they lead (a manager's; none for anyone else). */
  ledTeamIds: readonly number[];
  /** The API token's scope, or null for a signed-in session. */
  tokenScope: TokenScope | null;
};

/** What an action is done to, as far as a rule reads it: its team, its owner. */
export type Subject = { teamId?: number | null; ownerId?: number };

// The refusals are catalogs' keys (decision 101): a page says them in the reader's language, /api
// in English. TARGETS_FORBIDDEN stays words while the targets import writes it into a row's text.
export const FORBIDDEN: MessageKey = "common:error.deniedMessage";
export const TEAM_FORBIDDEN: MessageKey = "auth:errors.teamForbidden";
export const PLAN_FORBIDDEN: MessageKey = "auth:errors.planForbidden";
const APPROVAL_TEAM_FORBIDDEN: MessageKey = "auth:errors.approvalTeamForbidden";
export const DEALER_NOT_YOURS: MessageKey = "auth:errors.dealerNotYours";
export const ACCOUNT_NOT_YOURS: MessageKey = "auth:errors.accountNotYours";
export const ACCOUNT_NOT_MANAGED: MessageKey = "auth:errors.accountNotManaged";
export const TARGETS_FORBIDDEN = "You can only set targets for the officers of the teams you lead.";
export const FARMER_NOT_YOURS: MessageKey = "auth:errors.farmerNotYours";
export const FARMER_NOT_ERASABLE: MessageKey = "auth:errors.farmerNotErasable";
export const FARMER_IMPORT_FORBIDDEN: MessageKey = "auth:errors.farmerImportForbidden";
export const PLOT_NOT_YOURS: MessageKey = "auth:errors.plotNotYours";
export const PLOT_NOT_FOLLOWED: MessageKey = "auth:errors.plotNotFollowed";

type Rule = {
  allows: (viewer: PolicyViewer, subject: Subject) => boolean;
  /** A call for admins alone: a token needs the admin scope for it (decision 48). */
  adminCall?: true;
  /**
   * Decided by the thing acted on (its team, its owner), which a door does not know yet: an /api
   * door lets any approved user through and the model asks `authorize` with the subject.
   */
  bySubject?: true;
  /** Done with a signed-in session only, never with a token (decision 59). */
  sessionOnly?: true;
  /** The refusal's message (a 403), or the message for this viewer. */
  denied: string | ((viewer: PolicyViewer) => string);
};

const isAdmin = seesEveryone;
const isManager = (viewer: PolicyViewer) => viewer.role === "MANAGER";

/** A manager leads this team. */
function leadsTeam(viewer: PolicyViewer, teamId: number | null | undefined): boolean {
  return isManager(viewer) && teamId != null && viewer.ledTeamIds.includes(teamId);
}

/** An admin's own people are the whole company: every team, every list unfiltered. */
export function seesEveryone(viewer: { role: string }): boolean {
  return viewer.role === "ADMIN";
}

/** The viewer's own teams: their own team and the teams they lead. */
export function ownTeamIds(viewer: PolicyViewer): number[] {
  const led = isManager(viewer) ? viewer.ledTeamIds : [];
  return [...new Set(viewer.teamId === null ? led : [viewer.teamId, ...led])];
}

const adminOnly: Rule = { allows: isAdmin, adminCall: true, denied: FORBIDDEN };
const managerOrAdmin: Rule = { allows: (viewer) => isAdmin(viewer) || isManager(viewer), denied: FORBIDDEN };
/** A manager for the teams they lead (any when no team is named yet), an admin for every team. */
const fillsTeam = (denied: string): Rule => ({
  allows: (viewer, { teamId }) =>
    isAdmin(viewer) || (isManager(viewer) && (teamId === undefined || leadsTeam(viewer, teamId))),
  // Someone who adds nobody to any team is refused as any page refuses; a manager, for the team.
  denied: (viewer) => (isManager(viewer) ? denied : FORBIDDEN),
});
/** Their own, a manager's of the teams they lead, an admin's anyone's. */
const ownOrLed = (denied: string): Rule => ({
  allows: (viewer, { ownerId, teamId }) => ownerId === viewer.id || isAdmin(viewer) || leadsTeam(viewer, teamId),
  bySubject: true,
  denied,
});

const RULES = {
  /** Any signed-in, approved user: the app's own pages and calls. */
  "app.use": { allows: () => true, denied: FORBIDDEN },
  /** A team's people in a list filtered by team: their own team or one they lead; an admin any. */
  "team.view": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || (teamId != null && ownTeamIds(viewer).includes(teamId)),
    bySubject: true,
    denied: TEAM_FORBIDDEN,
  },
  /**
   * Changing a dealer (decision 61): one of no team, anyone; a team's, its people, the managers
   * who lead it, and admins.
   */
  "dealer.change": {
    allows: (viewer, { teamId }) =>
      teamId === null || isAdmin(viewer) || (teamId !== undefined && ownTeamIds(viewer).includes(teamId)),
    bySubject: true,
    denied: DEALER_NOT_YOURS,
  },
  /**
   * A dealer's account (decision 80): its team's people and the managers who lead it; an admin
   * every dealer's, and alone those of no team (in nobody's territory).
   */
  "dealerAccount.read": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || (teamId != null && ownTeamIds(viewer).includes(teamId)),
    bySubject: true,
    denied: ACCOUNT_NOT_YOURS,
  },
  /**
   * A farmer (decision 94): the people of the team that works with them and the managers who
   * lead it read and change them; an admin every farmer, and alone those of no team.
   */
  "farmer.read": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || (teamId != null && ownTeamIds(viewer).includes(teamId)),
    bySubject: true,
    denied: FARMER_NOT_YOURS,
  },
  "farmer.manage": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || (teamId != null && ownTeamIds(viewer).includes(teamId)),
    bySubject: true,
    denied: FARMER_NOT_YOURS,
  },
  /** Erasing a farmer's personal data on their request: the managers who lead their team, admins. */
  "farmer.erase": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || leadsTeam(viewer, teamId),
    bySubject: true,
    denied: FARMER_NOT_ERASABLE,
  },
  /**
   * Importing farmers from a spreadsheet (decision 99): a manager for the teams they lead, an admin
   * for any team; an officer adds farmers one at a time, where they met them.
   */
  "farmers.import": fillsTeam(FARMER_IMPORT_FORBIDDEN),
  /** A demo plot (decision 96): read by the people of its officer's team, its managers and admins. */
  "plot.read": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || (teamId != null && ownTeamIds(viewer).includes(teamId)),
    bySubject: true,
    denied: PLOT_NOT_YOURS,
  },
  /** A demo plot's visits are recorded by the officer who follows it, and by nobody else. */
  "plot.visit": {
    allows: (viewer, { ownerId }) => ownerId === viewer.id,
    bySubject: true,
    denied: PLOT_NOT_FOLLOWED,
  },
  /** Adjusting, reversing and the credit terms: the managers who lead the dealer's team, admins. */
  "dealerAccount.manage": {
    allows: (viewer, { teamId }) => isAdmin(viewer) || leadsTeam(viewer, teamId),
    bySubject: true,
    denied: ACCOUNT_NOT_MANAGED,
  },
  /** A dealer's opening balance, by hand or by import: what the company's books said before Fieldline. */
  "dealerAccount.open": adminOnly,
  /** Outstanding and overdue across dealers: a manager's of the teams they lead, an admin's of all. */
  "dealerAccounts.report": managerOrAdmin,
  /** Making and revoking API tokens: with a signed-in session only, never with a token (decision 59). */
  "tokens.manage": { allows: () => true, sessionOnly: true, denied: FORBIDDEN },
  "plan.read": ownOrLed(PLAN_FORBIDDEN),
  "plan.edit": ownOrLed(PLAN_FORBIDDEN),
  /** The manager's team administration (/team, /api/team/*): their people, the accounts waiting. */
  "team.administer": managerOrAdmin,
  "account.approve": fillsTeam(APPROVAL_TEAM_FORBIDDEN),
  "account.refuse": managerOrAdmin,
  "invite.create": fillsTeam(APPROVAL_TEAM_FORBIDDEN),
  "leaderboard.recalculate": managerOrAdmin,
  /** Setting officers' targets (decision 84): a manager those of the teams they lead, an admin anyone's. */
  "targets.set": fillsTeam(TARGETS_FORBIDDEN),
  "locationQuality.read": managerOrAdmin,
  /** Reports of other officers than oneself (an officer's report is their own). */
  "reports.others": managerOrAdmin,
  "teamDay.read": managerOrAdmin,
  /** The admin's dashboard: the company's figures, every user. */
  "admin.dashboard": adminOnly,
  "registration.manage": adminOnly,
  /** The company's credit settings: the default payment terms, and whether a credit limit blocks a sale. */
  "creditSettings.manage": adminOnly,
  "user.create": adminOnly,
  "user.changeRole": adminOnly,
  "user.deactivate": adminOnly,
  "user.reactivate": adminOnly,
  "user.resetPassword": adminOnly,
  "teams.manage": adminOnly,
  "dealers.importSample": adminOnly,
  "webhooks.manage": adminOnly,
  "outbox.read": adminOnly,
  "changes.read": adminOnly,
  "serviceAccounts.manage": adminOnly,
  /** A service account's tokens: the admin's, and as every token, made and revoked in a session. */
  "serviceAccountTokens.manage": { ...adminOnly, sessionOnly: true },
} satisfies Record<string, Rule>;

export type Action = keyof typeof RULES;

/** The refusal's message when `viewer` may not do `action` (to `subject`), or null when they may. */
export function refusalOf(viewer: PolicyViewer, action: Action, subject: Subject = {}): string | null {
  const rule: Rule = RULES[action];
  if (!rule.allows(viewer, subject)) return typeof rule.denied === "string" ? rule.denied : rule.denied(viewer);
  if (rule.adminCall && !scopeReaches(viewer.tokenScope, "admin")) return SCOPE_NOT_ADMIN;
  if (rule.sessionOnly && viewer.tokenScope !== null) return TOKENS_NEED_SESSION;
  return null;
}

/** Whether a door can decide the action alone, before the thing acted on is known. */
export function decidedAtTheDoor(action: Action): boolean {
  return !(RULES[action] as Rule).bySubject;
}

export function can(viewer: PolicyViewer, action: Action, subject: Subject = {}): boolean {
  return refusalOf(viewer, action, subject) === null;
}

/** Throws the action's refusal (AppError 403) unless the viewer may. */
export function authorize(viewer: PolicyViewer, action: Action, subject: Subject = {}): void {
  const refusal = refusalOf(viewer, action, subject);
  if (refusal !== null) throw new AppError(403, refusal);
}

/** The scopes an owner's token may have: a token never does more than its owner may, so the admin scope is an admin's. */
export function tokenScopesFor(owner: { role: string }): TokenScope[] {
  return TOKEN_SCOPES.filter((scope) => scope !== "admin" || owner.role === "ADMIN");
}

/** Whether a credential reaches the scope: each scope allows what the one before it does; a session (null) reaches all. */
export function scopeReaches(scope: TokenScope | null, needed: TokenScope): boolean {
  return scope === null || TOKEN_SCOPES.indexOf(scope) >= TOKEN_SCOPES.indexOf(needed);
}
