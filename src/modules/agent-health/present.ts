import type { AgentHealthSnapshotRow } from "../../db/shard/agent-health";
import type { TenantContext } from "../../db/tenant-context";
import { fromMinor, fromMinorOrNull } from "../../lib/money";
import type { compareWithPeers } from "./domain/peers";
import type { AhiResult } from "./domain/score";
import type { AhiBand } from "./domain/types";
import type { presentForecast } from "./float/present";

export const DISCLAIMER =
  "Diagnostic only. The Agent Health Index describes an agent's recent activity, float and cash position from the data available; it is not a performance rating, makes no automated decision and never suspends or restricts an agent. Any action needs human review.";

export interface AgentProfile {
  agentId: string;
  agentCode: string;
  agentName: string | null;
  agentType: string;
  agentTier: string;
  agentStatus: string;
  region: string | null;
}

export type PeerComparison = ReturnType<typeof compareWithPeers> & {
  regional: ReturnType<typeof compareWithPeers> | null;
};

export function buildReport(
  ctx: TenantContext,
  profile: AgentProfile,
  result: AhiResult,
  peerComparison: PeerComparison | null,
  windowDays: number,
  computedAt: string,
  figures: {
    currency: string;
    servesRegions: string[];
    floatForecast: ReturnType<typeof presentForecast> | null;
  },
) {
  return {
    reportId: crypto.randomUUID(),
    correlationId: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    agentId: profile.agentId,
    agentCode: profile.agentCode,
    agentName: profile.agentName,
    agentType: profile.agentType,
    agentTier: profile.agentTier,
    agentStatus: profile.agentStatus,
    region: profile.region,
    currency: figures.currency,
    servesRegions: figures.servesRegions,
    ahiScore: result.ahiScore,
    ahiBand: result.ahiBand,
    components: result.components,
    flags: result.flags,
    evidence: result.evidence,
    peerComparison,
    confidenceScore: result.confidenceScore,
    missingDataPoints: result.missingDataPoints,
    floatUtilization: result.floatUtilization,
    floatForecast: figures.floatForecast,
    windowDays,
    computedAt,
    calculationVersion: result.calculationVersion,
    isDiagnosticOnly: true as const,
    disclaimer: DISCLAIMER,
  };
}

export const presentSummary = (row: AgentHealthSnapshotRow) => ({
  agentId: row.agentId,
  agentCode: row.agentCode,
  agentName: row.agentName,
  agentTier: row.agentTier,
  agentStatus: row.agentStatus,
  region: row.region,
  ahiScore: row.ahiScore,
  ahiBand: row.ahiBand as AhiBand,
  flagCount: row.flagCount,
  criticalFlagCount: row.criticalFlagCount,
  floatUtilization: row.floatUtilization,
  floatBalance: fromMinor(row.floatBalanceMinor),
  transactionCount30d: row.transactionCount,
  transactionVolume30d: fromMinor(row.transactionVolumeMinor),
  floatForecast: {
    stockoutHoursP10: row.stockoutHoursP10,
    stockoutHoursP50: row.stockoutHoursP50,
    stockoutHoursP90: row.stockoutHoursP90,
    probabilityWithin24h: row.stockoutProbability24h,
    probabilityWithin72h: row.stockoutProbability72h,
    cashStockoutHoursP50: row.cashStockoutHoursP50,
    suggestedRebalance: fromMinorOrNull(row.suggestedRebalanceMinor),
  },
  computedAt: row.computedAt,
});
