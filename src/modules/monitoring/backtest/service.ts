import type { TenantContext } from "../../../db/tenant-context";
import { conflict } from "../../../lib/errors";
import {
  activeEntitiesBetween,
  activeEntityPage,
  type FeatureCache,
  groupHits,
  type KeyRange,
} from "../../aml/rule-set-hits/service";
import { homeCountry } from "../../aml/service";
import type { AmlEntityType } from "../../detection/domain/aml/rules";
import { mergeThresholds } from "../../detection/domain/aml/thresholds";
import { signalHitsPage } from "../../fraud/backtest/service";
import { allowlistedEntities, highRiskCountries } from "../../lists/service";
import { customRuleHitsPage } from "../../rules/custom/service";
import type { RuleSetContent, RuleSetKind } from "../../rules/domain/document";
import { draftRuleSet, liveRuleSet } from "../../rules/service";
import {
  amlBuiltinPlan,
  type BuiltinGroup,
  builtinRuleIds,
  customRuleIds,
  fraudBuiltinPlan,
  type SidePlan,
  type Skipped,
} from "./domain/plan";
import { addUnit, emptyTally, type Hits, type RuleTally } from "./domain/tally";

/**
 * Backtest of a rule set's draft against its live version (docs/methodology/rules.md#backtest).
 * Entities with a transaction in [from, to] are evaluated as of `to`, under both versions, by
 * disjoint units: pages of entities (key ranges) for the AML built-in and custom-rule
 * statements, and pages of entities for the fraud built-ins. Nothing is written: no case, alert or evaluation; the caller keeps the tally.
 */
export interface RuleSetBacktestInput {
  entityType: AmlEntityType;
  from: string;
  to: string;
}

export interface SideStamp {
  kind: RuleSetKind;
  /** null for the draft (it has no version until published). */
  version: number | null;
  hash: string;
}

/** Everything a run needs, frozen when it starts (a queued run does not see later edits). */
export interface Prepared {
  kind: RuleSetKind;
  input: RuleSetBacktestInput;
  live: {
    stamp: SideStamp;
    content: RuleSetContent;
    plan: SidePlan;
    customThresholds: Record<string, number>;
  };
  draft: {
    stamp: SideStamp & { draftId: string; basedOnVersion: number };
    content: RuleSetContent;
    plan: SidePlan;
    customThresholds: Record<string, number>;
  };
  builtinIds: string[];
  customIds: string[];
  highRiskCountries: string[];
  /** Fraud built-ins either version enables that do not apply to the entity type. */
  fraudSkipped: Skipped[];
  /** The live AML largeCashAmount the structuring signal reads (both versions of a fraud run). */
  largeCashAmount: number | undefined;
  timeZone: string | undefined;
  velocityPrefilter: number;
  /** Allowlist entries ({entityId, ruleId|null}) that suppress a hit, as evaluation does. */
  allowlisted: Array<{ entityId: string; ruleId: string | null }>;
  entitiesActive: number;
}

const plannedThresholds = (groups: BuiltinGroup[]) => groups.map((g) => g.thresholds.velocityMaxCount ?? 0);

export async function prepare(
  ctx: TenantContext,
  kind: RuleSetKind,
  input: RuleSetBacktestInput,
): Promise<Prepared> {
  const [draft, live, liveAml, countries] = await Promise.all([
    draftRuleSet(ctx, kind),
    liveRuleSet(ctx, kind),
    liveRuleSet(ctx, "aml"),
    highRiskCountries(ctx),
  ]);
  if (!draft) throw conflict(`No ${kind} draft to backtest: PUT /v1/rule-sets/${kind}/draft first`);
  const planContext = {
    entityType: input.entityType,
    hasHighRiskCountries: countries.length > 0,
    hasHomeCountry: homeCountry(ctx) !== null,
  };
  const plan = (content: RuleSetContent): SidePlan =>
    kind === "aml" ? amlBuiltinPlan(content, planContext) : { groups: [], skipped: [] };
  const livePlan = plan(live.content);
  const draftPlan = plan(draft.content);
  // Custom rules compare against the tenant's AML thresholds: a fraud draft reads the live ones.
  const amlThresholds = (content: RuleSetContent) =>
    mergeThresholds(kind === "aml" ? content.thresholds : liveAml.content.thresholds);
  const fraudPlan =
    kind === "fraud"
      ? fraudBuiltinPlan(live.content, draft.content, input.entityType)
      : { ids: [], skipped: [] };
  const builtinIds = kind === "fraud" ? fraudPlan.ids : builtinRuleIds(kind, livePlan, draftPlan);
  const customIds = customRuleIds(live.content, draft.content, input.entityType);
  const allowlist = await allowlistedEntities(ctx, {
    entityType: input.entityType,
    ruleIds: [...builtinIds, ...customIds],
    at: new Date(input.to),
  });
  const timeZone = ctx.tenant.settings.timeZone;
  return {
    kind,
    input,
    live: {
      stamp: { kind, version: live.version, hash: live.hash },
      content: live.content,
      plan: livePlan,
      customThresholds: amlThresholds(live.content),
    },
    draft: {
      stamp: {
        kind,
        version: null,
        hash: draft.contentHash,
        draftId: draft.id,
        basedOnVersion: draft.basedOnVersion,
      },
      content: draft.content,
      plan: draftPlan,
      customThresholds: amlThresholds(draft.content),
    },
    builtinIds,
    customIds,
    highRiskCountries: countries,
    fraudSkipped: fraudPlan.skipped,
    largeCashAmount: liveAml.content.thresholds?.largeCashAmount,
    timeZone: typeof timeZone === "string" ? timeZone : undefined,
    velocityPrefilter: Math.min(
      Number.MAX_SAFE_INTEGER,
      ...plannedThresholds(livePlan.groups),
      ...plannedThresholds(draftPlan.groups),
    ),
    allowlisted: allowlist.entries,
    entitiesActive: await activeEntitiesBetween(ctx, {
      entityType: input.entityType,
      from: new Date(input.from),
      to: new Date(input.to),
    }),
  };
}

export const initialTallies = (p: Prepared): RuleTally[] => [
  ...p.builtinIds.map((id) => emptyTally(id, "builtin")),
  ...p.customIds.map((id) => emptyTally(id, "custom")),
];

function suppress(p: Prepared, hits: Hits): Hits {
  if (p.allowlisted.length === 0) return hits;
  for (const { entityId, ruleId } of p.allowlisted)
    for (const [rule, ids] of hits) if (ruleId === null || ruleId === rule) ids.delete(entityId);
  return hits;
}

/** Whether a run pages through entities for AML built-ins or custom rules (see pageUnit). */
export const pagesEntities = (p: Prepared) =>
  (p.kind === "aml" && p.builtinIds.length > 0) || p.customIds.length > 0;

/**
 * One page of entities: the next `size` entities active in the range, in key order after
 * `after` (one statement reading keys only), then the AML built-in statements and the custom-rule
 * statement of both versions restricted to that key range. Every statement of a page reads only
 * its own entities' rows, so a page costs the same wherever it falls in the portfolio; `next` is
 * null after the last page.
 */
export async function pageUnit(
  ctx: TenantContext,
  p: Prepared,
  tallies: RuleTally[],
  after: string | undefined,
  size: number,
): Promise<{ next: string | null; entities: number; statements: number }> {
  const range = { entityType: p.input.entityType, from: new Date(p.input.from), to: new Date(p.input.to) };
  const page = await activeEntityPage(ctx, { ...range, after, size });
  if (page.count === 0 || page.last === null) return { next: null, entities: 0, statements: 1 };
  const keyRange: KeyRange = { after, upto: page.last };
  const statements =
    1 + (await builtinUnit(ctx, p, tallies, keyRange)) + (await customUnit(ctx, p, tallies, keyRange, size));
  return { next: page.more ? page.last : null, entities: page.count, statements };
}

/** The AML built-in statements over one key range, both versions; returns the statements issued. */
async function builtinUnit(ctx: TenantContext, p: Prepared, tallies: RuleTally[], keyRange: KeyRange) {
  if (p.kind === "fraud" || p.builtinIds.length === 0) return 0;
  const cache: FeatureCache = new Map();
  const common = {
    entityType: p.input.entityType,
    from: new Date(p.input.from),
    to: new Date(p.input.to),
    highRiskCountries: p.highRiskCountries,
    velocityPrefilter: p.velocityPrefilter,
    keyRange,
  };
  const live = await groupHits(ctx, { ...common, groups: p.live.plan.groups }, cache);
  const draft = await groupHits(ctx, { ...common, groups: p.draft.plan.groups }, cache);
  addUnit(tallies, suppress(p, live.hits), suppress(p, draft.hits), p.builtinIds);
  return live.statements + draft.statements;
}

/** The custom-rule statement over one key range (at most `size` entities), both versions. */
async function customUnit(
  ctx: TenantContext,
  p: Prepared,
  tallies: RuleTally[],
  keyRange: KeyRange,
  size: number,
): Promise<number> {
  if (p.customIds.length === 0) return 0;
  const common = {
    entityType: p.input.entityType,
    from: new Date(p.input.from),
    to: new Date(p.input.to),
    timeZone: p.timeZone,
    // The key range holds at most `size` active entities, so the statement's LIMIT never cuts.
    pageSize: size,
    ...keyRange,
  };
  const [live, draft] = await Promise.all([
    customRuleHitsPage(ctx, { ...common, rules: p.live.content.custom, thresholds: p.live.customThresholds }),
    customRuleHitsPage(ctx, {
      ...common,
      rules: p.draft.content.custom,
      thresholds: p.draft.customThresholds,
    }),
  ]);
  addUnit(tallies, suppress(p, live.hits), suppress(p, draft.hits), p.customIds);
  const ran = (side: typeof p.live) => (side.content.custom.some((r) => r.enabled) ? 1 : 0);
  return ran(p.live) + ran(p.draft);
}

/**
 * One page of entities for the fraud built-ins: each entity's activity read once, both
 * versions' signals run on it (1 + 2 statements per entity); `next` is null after the last page.
 */
export async function fraudUnit(
  ctx: TenantContext,
  p: Prepared,
  tallies: RuleTally[],
  after: string | undefined,
  pageSize: number,
): Promise<{ next: string | null; statements: number }> {
  if (p.kind !== "fraud" || p.builtinIds.length === 0 || p.input.entityType === "counterparty")
    return { next: null, statements: 0 };
  const page = await signalHitsPage(ctx, {
    entityType: p.input.entityType,
    from: new Date(p.input.from),
    to: new Date(p.input.to),
    after,
    pageSize,
    versions: [p.live.content.builtins, p.draft.content.builtins],
    largeCashAmount: p.largeCashAmount,
  });
  const [live, draft] = page.hits;
  addUnit(tallies, suppress(p, live), suppress(p, draft), p.builtinIds);
  return { next: page.next, statements: page.statements };
}

export function skippedRules(p: Prepared): Array<Skipped & { side: "live" | "draft" | "both" }> {
  if (p.kind === "fraud") return p.fraudSkipped.map((s) => ({ ...s, side: "both" as const }));
  return [
    ...p.live.plan.skipped.map((s) => ({ ...s, side: "live" as const })),
    ...p.draft.plan.skipped.map((s) => ({ ...s, side: "draft" as const })),
  ];
}
