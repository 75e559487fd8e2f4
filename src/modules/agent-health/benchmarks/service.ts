import type { TenantContext } from "../../../db/tenant-context";
import { round2 } from "../../../lib/numbers";
import { STANDARD_WINDOW } from "../domain/inputs";
import { type BenchmarkGroup, compareWithPeers } from "../domain/peers";
import type { AhiResult } from "../domain/score";
import type { AgentActivity } from "../domain/types";
import type { AgentProfile, PeerComparison } from "../present";
import { ensureSnapshots, floatScoreOf } from "../snapshots/service";
import * as repo from "./repo";

function toGroup(dimension: repo.Dimension, row: repo.GroupStatsRow): BenchmarkGroup {
  return {
    groupId: `${dimension}:${row.g}`,
    name: dimension === "tier" ? `${row.g}-tier` : `${row.g} region`,
    sampleSize: row.n,
    metrics: {
      avgTransactionCount30d: round2(row.avg_count),
      avgTransactionVolume30d: round2(row.avg_volume_minor / 100),
      avgFloatUtilization: Math.round((row.avg_float ?? 0) * 10_000) / 10_000,
      avgAHIScore: round2(row.avg_ahi),
    },
    percentiles: { p25: row.p25, p50: row.p50, p75: row.p75 },
    computedAt: row.computed_at,
  };
}

/** The stored tier and regional benchmarks, presented. */
export async function benchmarkGroups(ctx: TenantContext) {
  const [tiers, regions] = await Promise.all([repo.groupStats(ctx, "tier"), repo.groupStats(ctx, "region")]);
  return {
    tierBenchmarks: Object.fromEntries(tiers.map((r) => [r.g, toGroup("tier", r)])),
    regionalBenchmarks: Object.fromEntries(regions.map((r) => [r.g, toGroup("region", r)])),
  };
}

async function compareInGroup(
  ctx: TenantContext,
  dimension: repo.Dimension,
  value: string | null,
  agentId: string,
  values: repo.PeerValues,
) {
  if (!value) return null;
  const [stats] = await repo.groupStats(ctx, dimension, value);
  if (!stats) return null;
  const c = await repo.peerCounts(ctx, dimension, value, agentId, values);
  if (c.peers === 0) return null;
  return compareWithPeers(
    {
      peers: c.peers,
      below: {
        transactionCount: c.c_lt,
        transactionVolume: c.v_lt,
        floatUtilization: c.f_lt,
        overallHealth: c.a_lt,
      },
      equal: {
        transactionCount: c.c_eq,
        transactionVolume: c.v_eq,
        floatUtilization: c.f_eq,
        overallHealth: c.a_eq,
      },
    },
    toGroup(dimension, stats),
  );
}

/**
 * Rankings against the agent's tier (the main comparison) and region. Counts and volumes
 * are scaled to 30 days first, because the peers' snapshots are 30-day figures.
 */
export async function peerComparison(
  ctx: TenantContext,
  profile: AgentProfile,
  activity: AgentActivity,
  result: AhiResult,
  windowDays: number,
): Promise<PeerComparison | null> {
  await ensureSnapshots(ctx);
  const scale = STANDARD_WINDOW / windowDays;
  const values: repo.PeerValues = {
    transactionCount: (activity.transactionCount ?? 0) * scale,
    transactionVolumeMinor: Math.round((activity.transactionVolume ?? 0) * 100 * scale),
    floatScore: floatScoreOf(result) ?? 0,
    ahiScore: result.ahiScore,
  };
  const [tier, region] = await Promise.all([
    compareInGroup(ctx, "tier", profile.agentTier, profile.agentId, values),
    compareInGroup(ctx, "region", profile.region, profile.agentId, values),
  ]);
  if (!tier && !region) return null;
  const main = tier ?? region!;
  return { ...main, regional: tier ? region : null };
}
