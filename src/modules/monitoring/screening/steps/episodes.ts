import type { TenantContext } from "../../../../db/tenant-context";
import { isReportingRule } from "../../../aml/domain/rules";
import { type EpisodeHit, episodeOf, episodeOfHit, extendEpisode } from "../../domain/episode";
import { EVENT_LOOKBACK_DAYS } from "../../domain/event-time";
import { extendAlertStatement, recentAlerts } from "../repo";
import type { Entity, Evaluated } from "../service";

const DAY_MS = 86_400_000;

/** A claimed entity with the span of transaction dates that arrived since its last screening. */
type Arrived = Entity & { eventsFrom?: string | null; eventsTo?: string | null };

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
): Promise<void> {
  const hits = page.filter(({ e }) => e.fraud || e.aml);
  if (hits.length === 0) return;
  const since = new Date(
    Math.min(...hits.map(({ e }) => Date.parse(e.window.firstAt))) - EVENT_LOOKBACK_DAYS * DAY_MS,
  ).toISOString();
  const stored = await recentAlerts(
    ctx,
    hits.map(({ e }) => e.entity),
    since,
  );
  const at = ctx.clock.now().toISOString();
  for (const { entity, e } of hits) {
    const episode = episodeOf(e.window, { from: entity.eventsFrom, to: entity.eventsTo });
    e.base = { ...e.base, episode };
    const hitOf = (kind: "fraud" | "aml", ruleIds: string[]): EpisodeHit => ({
      kind,
      ...e.entity,
      ruleIds,
      window: e.window,
    });
    const extensions = [];
    if (e.fraud) {
      const signals = e.fraud.triggeredSignals;
      const same = episodeOfHit(
        stored,
        hitOf(
          "fraud",
          signals.map((s) => s.signalId),
        ),
      );
      if (same) {
        extensions.push(
          extendAlertStatement(
            ctx,
            same.alertId,
            extendEpisode(same, episode),
            {
              path: "$.triggeredSignals",
              value: signals,
            },
            at,
          ),
        );
        e.fraud = null;
      }
    }
    // A reporting rule's hit (a cash or cross-border threshold) is a new fact to report each time.
    if (e.aml && !e.aml.fired.some((o) => isReportingRule(o.ruleId))) {
      const fired = e.aml.fired;
      const same = episodeOfHit(
        stored,
        hitOf(
          "aml",
          fired.map((o) => o.ruleId),
        ),
      );
      if (same) {
        extensions.push(
          extendAlertStatement(
            ctx,
            same.alertId,
            extendEpisode(same, episode),
            {
              path: "$.triggeredRules",
              value: fired,
            },
            at,
          ),
        );
        e.aml = null;
      }
    }
    if (extensions.length > 0) e.extensions = [...(e.extensions ?? []), ...extensions];
  }
}
