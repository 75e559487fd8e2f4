import type { BatchItem } from "drizzle-orm/batch";
import type { MONITORED_ENTITY_TYPES } from "../../../db/shard/monitoring";
import type { TenantContext } from "../../../db/tenant-context";
import { uuidV7 } from "../../../lib/crypto";
import { AppError } from "../../../lib/errors";
import { evaluate as evaluateAml } from "../../aml/evaluation/service";
import { isReportingRule } from "../../detection/domain/aml/rules";
import { isFraudEntity } from "../../detection/domain/outcome";
import { evaluate as evaluateFraud, type FraudAlert } from "../../fraud/evaluation/service";
import { type liveRuleSet, liveRuleSets } from "../../rules/service";
import type { Episode } from "../domain/episode";
import { alertScoreOf, type FiredRule, raisesAlert, riskScore } from "../domain/risk-score";
import type { DeferredCase, ScreeningRecord } from "./repo";
import { type AmlEvaluation, amlOutcome } from "./steps/aml";
import { fraudOutcome } from "./steps/fraud";
import type { Outcome, ScreeningBase } from "./steps/outcome";
import type { EntityPreload } from "./steps/preload";
import { subjects } from "./steps/subjects";

export type MonitoredEntityType = (typeof MONITORED_ENTITY_TYPES)[number];
export type ScreeningTrigger = "arrival" | "schedule" | "on_demand" | "rescreen";

export interface Entity {
  entityType: MonitoredEntityType;
  entityId: string;
}

export interface ScreenOptions {
  trigger: ScreeningTrigger;
  runId: string | null;
}

export interface Screening {
  screeningId: string;
  /** The alerts and events found (stored with the page: pageOutcomeStatements), and when. */
  outcomes: Outcome[];
  at: Date;
  /** Further statements for the same batch (none by default; tests add some). */
  statements: BatchItem<"sqlite">[];
  /** The entity's last-screening row (screeningsUpsert). */
  record: ScreeningRecord;
  alerts: number;
  casesOpened: number;
  casesAppended: number;
  /** Hits whose case waits for their subject's other pending entities (steps/deferred.ts). */
  casesDeferred?: number;
  /** Their rows, stored with the page's alerts (pageOutcomeStatements). */
  deferred?: DeferredCase[];
  events: number;
}

/** The look-back window of a monitoring evaluation (the evaluate endpoints' default). */
export const WINDOW_DAYS = 30;

/** An entity that no longer exists (or was never one, e.g. a malformed id) is screened with nothing found. */
async function unlessGone<T>(run: () => Promise<T>): Promise<T | null> {
  try {
    return await run();
  } catch (err) {
    if (err instanceof AppError && err.code === "not_found") return null;
    throw err;
  }
}

/** One entity's side-effect-free evaluations with the live versions, before any case work. */
export interface Evaluated {
  entity: Entity;
  base: ScreeningBase;
  fraudSet: LiveSet;
  amlSet: LiveSet;
  /** The fraud evaluation when a signal fired (else null). */
  fraud: FraudAlert | null;
  /** The AML evaluation and its fired rules when one fired (else null). */
  aml: { evaluation: AmlEvaluation; fired: AmlEvaluation["triggeredRules"] } | null;
  /** Every rule that fired, raised or not (the subject's score combines them: steps/subject-score.ts). */
  fired: FiredRule[];
  /** The hits held back by the alert budget (null when raised or nothing fired). */
  held: { fraud: FraudAlert | null; aml: Evaluated["aml"] } | null;
  /** The window it was judged in (WINDOW_DAYS ending at its as-of point). */
  window: Episode;
  /** Stored alerts whose episode this screening extends instead of raising (steps/episodes.ts), or withdraws (steps/late-history.ts). */
  extensions?: BatchItem<"sqlite">[];
  /** Events those statements record (a withdrawal's), beyond the outcomes'. */
  extraEvents?: number;
}
type LiveSet = Awaited<ReturnType<typeof liveRuleSet>>;

/** The live fraud and AML evaluations of one entity (with a page's preload: no reads of its own). */
export async function evaluateEntity(
  ctx: TenantContext,
  entity: Entity,
  options: ScreenOptions,
  pre?: EntityPreload,
): Promise<Evaluated> {
  const now = ctx.clock.now();
  const base = { screeningId: uuidV7(now), trigger: options.trigger, runId: options.runId, at: now };
  const [fraudSet, amlSet] = await liveRuleSets(ctx, ["fraud", "aml"]);
  const { entityType, entityId } = entity;
  // With a page's preload, an entity it did not find is gone (as a 404 below would say).
  const [fraud, aml] = await Promise.all([
    isFraudEntity(entityType) && !pre?.gone
      ? unlessGone<FraudAlert>(() =>
          evaluateFraud(
            ctx,
            { entityType, entityId, windowDays: WINDOW_DAYS },
            undefined,
            pre?.fraud ?? undefined,
          ),
        )
      : Promise.resolve(null),
    pre?.gone
      ? null
      : unlessGone(() =>
          evaluateAml(
            ctx,
            { entityType, entityId, windowDays: WINDOW_DAYS, dryRun: true },
            ["aml:read"],
            null,
            undefined,
            pre?.aml ?? undefined,
          ),
        ),
  ]);
  const fired = aml?.triggeredRules.filter((o) => o.triggered) ?? [];
  const signals = fraud?.triggeredSignals ?? [];
  // The subject risk score of what fired, against the tenant's alert budget: below it, nothing
  // is raised (docs/methodology/risk-score.md).
  const inputs: FiredRule[] = [
    ...signals.map((s) => ({
      kind: "fraud" as const,
      ruleId: s.signalId,
      severity: s.severity,
      weight: fraudSet.content.builtins[s.signalId]?.weight,
    })),
    ...fired.map((o) => ({
      kind: "aml" as const,
      ruleId: o.ruleId,
      severity: o.riskLevel,
      weight: amlSet.content.builtins[o.ruleId]?.weight,
    })),
  ];
  const risk = riskScore(inputs);
  const alertScore = alertScoreOf(ctx.tenant.settings);
  const reporting = fired.some((o) => isReportingRule(o.ruleId));
  const raised = raisesAlert(risk.score, alertScore, reporting);
  const asOf = pre?.aml?.now ?? pre?.fraud?.now ?? now;
  return {
    entity,
    window: {
      firstAt: new Date(asOf.getTime() - WINDOW_DAYS * 86_400_000).toISOString(),
      lastAt: asOf.toISOString(),
    },
    base: { ...base, risk: { ...risk, alertScore }, asOf: asOf.toISOString() },
    fraudSet,
    amlSet,
    fraud: raised && fraud && signals.length > 0 ? fraud : null,
    aml: raised && aml && fired.length > 0 ? { evaluation: aml, fired } : null,
    fired: inputs,
    // Below the budget: what would be raised if the subject's other screenings add to the score.
    held:
      !raised && inputs.length > 0
        ? {
            fraud: fraud && signals.length > 0 ? fraud : null,
            aml: aml && fired.length > 0 ? { evaluation: aml, fired } : null,
          }
        : null,
  };
}

/** What a screening stores, once its hits' cases are settled (outcomes: fraud first, then AML). */
export function screeningOf(e: Evaluated, outcomes: readonly Outcome[]): Screening {
  const { entityType, entityId } = e.entity;
  const record: ScreeningRecord = {
    entityType,
    entityId,
    screenedAt: e.base.at.toISOString(),
    trigger: e.base.trigger as ScreeningTrigger,
    fraudVersion: isFraudEntity(entityType) ? e.fraudSet.version : null,
    amlVersion: e.amlSet.version,
    alerts: outcomes.length,
  };
  const cases = outcomes.flatMap((o) => o.alert.cases);
  return {
    screeningId: e.base.screeningId,
    outcomes: [...outcomes],
    at: e.base.at,
    statements: [...(e.extensions ?? [])],
    record,
    alerts: outcomes.length,
    casesOpened: cases.filter((c) => c.action === "opened").length,
    casesAppended: cases.filter((c) => c.action === "appended").length,
    events: outcomes.reduce((n, o) => n + o.events.length, e.extraEvents ?? 0),
  };
}

/** One entity's cases settled on their own (the entity's Durable Object, its own case batch). */
export async function settleOne(ctx: TenantContext, e: Evaluated): Promise<Screening> {
  const outcomes: Outcome[] = [];
  const subject = e.fraud || e.aml ? await subjects(ctx, [e]) : <T>(x: T) => x;
  if (e.fraud)
    outcomes.push(await fraudOutcome(ctx, e.fraud, e.fraudSet.content.createCaseThreshold, e.base, subject));
  if (e.aml)
    outcomes.push(await amlOutcome(ctx, e.aml.evaluation, e.aml.fired, e.amlSet.content, e.base, subject));
  return screeningOf(e, outcomes);
}

/**
 * Screens one entity with the live fraud and AML versions: side-effect-free evaluations, then
 * cases opened or appended to (through the case logs, which dedupe), and the statements that
 * store what was found. Cases are written before the alert: a crash between the two leaves the
 * entity pending, and its next screening appends to the case rather than opening another.
 * A drained page settles its entities' cases together (steps/page.ts) with the same results.
 */
export const screenEntity = async (
  ctx: TenantContext,
  entity: Entity,
  options: ScreenOptions,
  pre?: EntityPreload,
): Promise<Screening> => settleOne(ctx, await evaluateEntity(ctx, entity, options, pre));
