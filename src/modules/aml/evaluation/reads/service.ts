import type { BatchItem } from "drizzle-orm/batch";
import type { TenantContext } from "../../../../db/tenant-context";
import { daysBefore } from "../../../../lib/clock";
import type { ProposedTransactionRow } from "../../../data/read-model";
import {
  allowlistedEntities,
  allowlistedSet,
  allowlistStatement,
  highRiskCountries as storedHighRiskCountries,
} from "../../../lists/service";
import type { RuleSetChoice } from "../../../rules/domain/document";
import { ruleSetFor } from "../../../rules/service";
import { unionCountries } from "../../domain/custom-outcomes";
import { entityFeatures } from "../../domain/entity-features";
import { type EntityFeatures, emptyFeatures } from "../../domain/features";
import { groupRules } from "../../domain/rule-groups";
import type { AmlEntityType } from "../../domain/rules";
import { mergeThresholds, type Thresholds } from "../../domain/thresholds";
import { entityRowsRead } from "../../features/entity-rows";
import { loadFeatures } from "../../features/repo";
import { homeCountry, selectRules } from "../../service";

/**
 * What an AML evaluation reads and runs, before any rule is evaluated: its plan (the version,
 * the rules for the request, the countries) and its reads of the entity, alone (evaluate) or as
 * statements a caller sends with its own in one D1 batch (pre-transaction screening), or for a
 * page of entities (monitoring's preload).
 */

export interface EvaluateInput {
  entityType: AmlEntityType;
  entityId: string;
  windowDays: number;
  ruleIds?: string[];
  dryRun: boolean;
  highRiskCountries?: string[];
  /** The live version (default) or the tenant's AML draft, which forces a dry run. */
  ruleSet?: RuleSetChoice;
}

/** Pre-transaction screening: a transaction not stored, read as if it were; the instant to evaluate at. */
export interface Proposal {
  row: ProposedTransactionRow;
  at: Date;
}

/** What an evaluation runs: the live version (or draft), its rules for the request, and the countries. */
export async function plan(ctx: TenantContext, input: EvaluateInput, preloaded?: string[]) {
  const [live, stored] = await Promise.all([
    ruleSetFor(ctx, "aml", input.ruleSet),
    preloaded ?? storedHighRiskCountries(ctx),
  ]);
  const countries = unionCountries(stored, input.highRiskCountries);
  const home = homeCountry(ctx);
  const { rules, skipped } = selectRules(input.entityType, input.ruleIds, countries, home, {
    builtins: live.content.builtins,
    customIds: new Set(live.content.custom.map((r) => r.ruleId)),
  });
  const named = input.ruleIds ? new Set(input.ruleIds) : null;
  // Named custom rules run even when the version disables them (as built-ins do).
  const customRules = named
    ? live.content.custom.filter((r) => named.has(r.ruleId)).map((r) => ({ ...r, enabled: true }))
    : live.content.custom;
  return {
    live,
    stored,
    countries,
    home,
    rules,
    skipped,
    customRules,
    thresholds: mergeThresholds(live.content.thresholds),
  };
}

export type Plan = Awaited<ReturnType<typeof plan>>;

/**
 * The reads of one entity's evaluation as of `now` (its transactions over the widest rule group's
 * window, and the allowlist) as statements for one D1 batch, which a caller may send with its own
 * (pre-transaction screening sends fraud's too); `finish` turns the batch's results for them into
 * the preload evaluate takes. The features are computed in JavaScript from the rows
 * (domain/entity-features.ts, equal to the feature statement's); an entity with more rows than one
 * read ships is read by the statement instead (one more round trip). The entity is not checked here.
 */
export function readsFor(ctx: TenantContext, input: EvaluateInput, p: Plan, now: Date, proposal?: Proposal) {
  const windowEnd = now.toISOString();
  const groups = groupRules(p.rules, p.live.content.builtins, p.thresholds, input.windowDays);
  const query = (windowDays: number, thresholds: Thresholds) => ({
    entityType: input.entityType,
    entityId: input.entityId,
    windowStart: daysBefore(now, windowDays).toISOString(),
    windowEnd,
    thresholds,
    highRiskCountries: p.countries,
    homeCountry: p.home,
    proposed: proposal?.row,
  });
  const widest = Math.max(input.windowDays, ...groups.map((g) => g.windowDays));
  const rows = entityRowsRead(ctx, query(widest, p.thresholds));
  const allowlist = allowlistStatement(ctx, {
    entityType: input.entityType,
    entityIds: [input.entityId],
    ruleIds: [...p.rules.map((r) => r.ruleId), ...p.customRules.map((r) => r.ruleId)],
    at: now,
  });
  const items: [BatchItem<"sqlite">, ...BatchItem<"sqlite">[]] = [allowlist, rows.item];
  const finish = async (results: readonly unknown[]): Promise<AmlPreload> => {
    const read = rows.decode(results[1] as Parameters<typeof rows.decode>[0]);
    const features = await Promise.all(
      groups.map(async (g) => {
        const q = query(g.windowDays, g.thresholds);
        if (read) return entityFeatures(read, q);
        return (await loadFeatures(ctx, q)).get(input.entityId) ?? emptyFeatures(input.entityId);
      }),
    );
    return {
      now,
      countries: p.stored,
      allowlist: allowlistedSet(results[0] as Parameters<typeof allowlistedSet>[0]),
      features,
    };
  };
  return { items, finish };
}

/** readsFor under the evaluation's plan (`countries`: the stored high-risk countries, read by the caller). */
export async function readsOf(
  ctx: TenantContext,
  input: EvaluateInput,
  now: Date,
  countries: string[],
  proposal?: Proposal,
) {
  return readsFor(ctx, input, await plan(ctx, input, countries), now, proposal);
}

/**
 * An entity's reads done for it by a page read (monitoring, preloadAml): the features per rule
 * group (in groupRules order), the allowlist, the countries, the instant. evaluate then reads
 * only its custom rules, and answers what it would have answered reading them itself.
 */
export interface AmlPreload {
  now: Date;
  countries: string[];
  features: EntityFeatures[];
  allowlist: Awaited<ReturnType<typeof allowlistedEntities>>;
}

/**
 * The reads of live evaluations (no ruleIds) of many entities of one type as of `now`: the
 * countries, one feature statement per rule group (usually one) and the allowlist. Entities are
 * not checked here: the caller passes only those it found.
 */
export async function preloadAml(
  ctx: TenantContext,
  page: { entityType: AmlEntityType; entityIds: string[]; windowDays: number; now: Date },
): Promise<Map<string, AmlPreload>> {
  const { entityType, entityIds, windowDays, now } = page;
  const countries = await storedHighRiskCountries(ctx);
  const p = await plan(ctx, { entityType, entityId: "", windowDays, dryRun: true }, countries);
  const windowEnd = now.toISOString();
  const groups = groupRules(p.rules, p.live.content.builtins, p.thresholds, windowDays);
  const [byGroup, allowlist] = await Promise.all([
    Promise.all(
      groups.map((g) =>
        loadFeatures(ctx, {
          entityType,
          entityIds,
          windowStart: daysBefore(now, g.windowDays).toISOString(),
          windowEnd,
          thresholds: g.thresholds,
          highRiskCountries: p.countries,
          homeCountry: p.home,
        }),
      ),
    ),
    allowlistedEntities(ctx, {
      entityType,
      entityIds,
      ruleIds: [...p.rules.map((r) => r.ruleId), ...p.customRules.map((r) => r.ruleId)],
      at: now,
    }),
  ]);
  return new Map(
    entityIds.map((id) => [
      id,
      { now, countries, allowlist, features: byGroup.map((f) => f.get(id) ?? emptyFeatures(id)) },
    ]),
  );
}
