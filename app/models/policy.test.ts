import { describe, expect, it } from "vitest";
import { AppError } from "~/lib/app-error";
import { SCOPE_NOT_ADMIN, TOKENS_NEED_SESSION } from "~/models/api-token.schema";
import {
  authorize,
  can,
  FORBIDDEN,
  ownTeamIds,
  PLAN_FORBIDDEN,
  type PolicyViewer,
  refusalOf,
  tokenScopesFor,
} from "~/models/policy";

const viewer = (role: string, fields: Partial<PolicyViewer> = {}): PolicyViewer => ({
  id: 1,
  role,
  teamId: 10,
  ledTeamIds: [],
  tokenScope: null,
  ...fields,
});

describe("the policy", () => {
  it("lets a manager reach the teams they lead and no other", () => {
    const manager = viewer("MANAGER", { teamId: null, ledTeamIds: [10, 11] });
    expect(can(manager, "plan.read", { ownerId: 5, teamId: 11 })).toBe(true);
    expect(can(manager, "plan.read", { ownerId: 5, teamId: 12 })).toBe(false);
    expect(can(manager, "account.approve", { teamId: 12 })).toBe(false);
    expect(ownTeamIds(manager)).toEqual([10, 11]);
  });

  it("lets managers and admins recalculate, not officers", () => {
    const roles = ["OFFICER", "MANAGER", "ADMIN", "UNKNOWN"];
    expect(roles.map((role) => can(viewer(role), "leaderboard.recalculate"))).toEqual([false, true, true, false]);
  });

  it("counts an officer's led teams for nothing: only their own plan and their own team", () => {
    const officer = viewer("OFFICER", { ledTeamIds: [11] });
    expect(can(officer, "plan.read", { ownerId: 1, teamId: 10 })).toBe(true);
    expect(can(officer, "plan.read", { ownerId: 5, teamId: 10 })).toBe(false);
    expect(ownTeamIds(officer)).toEqual([10]);
    expect(can(officer, "team.view", { teamId: 11 })).toBe(false);
  });

  it("asks an admin call for the admin scope of a token, after the role", () => {
    expect(refusalOf(viewer("ADMIN", { tokenScope: "write" }), "webhooks.manage")).toBe(SCOPE_NOT_ADMIN);
    expect(refusalOf(viewer("ADMIN", { tokenScope: "admin" }), "webhooks.manage")).toBeNull();
    expect(refusalOf(viewer("MANAGER", { tokenScope: "write" }), "webhooks.manage")).toBe(FORBIDDEN);
    expect(refusalOf(viewer("MANAGER", { tokenScope: "read" }), "leaderboard.recalculate")).toBeNull();
  });

  it("leaves making tokens to a signed-in session", () => {
    expect(refusalOf(viewer("ADMIN", { tokenScope: "admin" }), "tokens.manage")).toBe(TOKENS_NEED_SESSION);
    expect(refusalOf(viewer("OFFICER"), "tokens.manage")).toBeNull();
  });

  it("gives the admin scope to an admin's tokens only", () => {
    expect(tokenScopesFor({ role: "ADMIN" })).toEqual(["read", "write", "admin"]);
    expect(tokenScopesFor({ role: "MANAGER" })).toEqual(["read", "write"]);
  });

  it("shows a dealer's account to its team's people, its managers and admins; a dealer of no team's to admins alone", () => {
    const officer = viewer("OFFICER");
    const manager = viewer("MANAGER", { teamId: null, ledTeamIds: [10] });
    expect(can(officer, "dealerAccount.read", { teamId: 10 })).toBe(true);
    expect(can(officer, "dealerAccount.read", { teamId: 11 })).toBe(false);
    expect(can(officer, "dealerAccount.read", { teamId: null })).toBe(false);
    expect(can(viewer("ADMIN"), "dealerAccount.read", { teamId: null })).toBe(true);
    expect(can(officer, "dealerAccount.manage", { teamId: 10 })).toBe(false);
    expect(can(manager, "dealerAccount.manage", { teamId: 10 })).toBe(true);
    expect(can(manager, "dealerAccount.manage", { teamId: 11 })).toBe(false);
    expect(can(manager, "dealerAccount.open")).toBe(false);
  });

  it("throws the action's own refusal", () => {
    expect(() => authorize(viewer("OFFICER"), "plan.edit", { ownerId: 2, teamId: 10 })).toThrow(
      new AppError(403, PLAN_FORBIDDEN),
    );
  });
});
