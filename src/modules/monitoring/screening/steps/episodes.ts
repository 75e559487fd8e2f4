import type { TenantContext } from "../../../../db/tenant-context";
import { isReportingRule } from "../../../detection/domain/aml/rules";
import { episodeOf, episodeOfHit, extendEpisode } from "../../domain/episode";
import { EVENT_LOOKBACK_DAYS } from "../../domain/event-time";
import { extendAlertStatement, recentAlerts } from "../repo";
import type { Entity, Evaluated } from "../service";

const DAY_MS = 86_400_000;

/** A claimed entity with the span of transaction dates that arrived since its last screening. */
type Arrived = Entity & { eventsFrom?: string | null; eventsTo?: string | null };
type Evidence = Parameters<typeof extendAlertStatement>[3];

/**
 * One alert per episode (docs/methodology/monitoring.md#one-alert-per-episode), for a page's
 * evaluations before their cases are settled: each hit gets its episode's dates; a hit that is
 * the episode of an alert already raised (same entity and kind, no new rule, overlapping dates)
 * raises nothing and opens or appends to no case: its kind is dropped from the evaluation and the
 * stored alert's episode is extended in the screening's batch instead. An AML hit with a reporting
 * rule (AML-LCT-001, AML-XBR-010) is always raised: each is a new fact the law asks to report.
 * One read per page with hits.
 */
export async function settleEpisodes(
  ctx: TenantContext,
  page: ReadonlyArray<{ entity: Arrived; e: Evaluated }>,
  withdrawn: ReadonlySet<string> = new Set(),
): Promise<void> {
  const hits = page.filter(({ e }) => e.fraud || e.aml);
  if (hits.length === 0) return;
  const since = new Date(
    Math.min(...hits.map(({ e }) => Date.parse(e.window.firstAt))) - EVENT_LOOKBACK_DAYS * DAY_MS,
  ).toISOString();
  // An alert withdrawn in this screening's batch (steps/late-history.ts) is no episode to extend.
  const stored = (
    await recentAlerts(
      ctx,
      hits.map(({ e }) => e.entity),
      since,
    )
  ).filter((s) => !withdrawn.has(s.alertId));
  const at = ctx.clock.now().toISOString();
  for (const { entity, e } of hits) {
    const episode = episodeOf(e.window, { from: entity.eventsFrom, to: entity.eventsTo });
    e.base = { ...e.base, episode };
    // The stored alert this kind's hit extends, as a statement for the screening's batch; else null.
    const extend = (kind: "fraud" | "aml", ruleIds: string[], evidence: Evidence) => {
      const same = episodeOfHit(stored, { kind, ...e.entity, ruleIds, window: e.window });
      return same
        ? extendAlertStatement(ctx, same.alertId, extendEpisode(same, episode), evidence, at, e.window.lastAt)
        : null;
    };
    const signals = e.fraud?.triggeredSignals ?? [];
    const fraud = e.fraud
      ? extend(
          "fraud",
          signals.map((x) => x.signalId),
          { path: "$.triggeredSignals", value: signals },
        )
      : null;
    // A reporting rule's hit (a cash or cross-border threshold) is a new fact to report each time.
    const fired = e.aml?.fired ?? [];
    const aml =
      e.aml && !fired.some((o) => isReportingRule(o.ruleId))
        ? extend(
            "aml",
            fired.map((o) => o.ruleId),
            { path: "$.triggeredRules", value: fired },
          )
        : null;
    if (fraud) e.fraud = null;
    if (aml) e.aml = null;
    const extensions = [fraud, aml].filter((x) => x !== null);
    if (extensions.length > 0) e.extensions = [...(e.extensions ?? []), ...extensions];
  }
}
