import { prisma } from "~/db.server";
import type { TokenScope } from "~/models/api-token.schema";
import type { PolicyViewer } from "~/models/policy";

// The viewer as the policy (policy.ts) needs them: the signed-in user and the teams they lead.

/** The teams a manager leads. */
async function teamsLedBy(userId: number): Promise<number[]> {
  const rows = await prisma.teamManager.findMany({ where: { userId }, select: { teamId: true } });
  return rows.map((row) => row.teamId);
}

/** The user with the teams they lead (asked only of a manager) and the credential's scope (null: a session). */
export async function policyViewer(
  user: { id: number; role: string; teamId: number | null },
  tokenScope: TokenScope | null = null,
): Promise<PolicyViewer> {
  const ledTeamIds = user.role === "MANAGER" ? await teamsLedBy(user.id) : [];
  return { id: user.id, role: user.role, teamId: user.teamId, ledTeamIds, tokenScope };
}
