import type { BatchItem } from "drizzle-orm/batch";
import type { MONITORED_ENTITY_TYPES } from "../../../db/shard/monitoring";
import type { TenantContext } from "../../../db/tenant-context";
import { uuidV7 } from "../../../lib/crypto";
import { AppError } from "../../../lib/errors";
import { evaluate as evaluateAml } from "../../aml/evaluation/service";
import { evaluate as evaluateFraud, type FraudAlert } from "../../fraud/evaluation/service";
import { liveRuleSet } from "../../rules/service";
import { isFraudEntity } from "../domain/outcome";
import type { ScreeningRecord } from "./repo";
import { amlOutcome } from "./steps/aml";
import { fraudOutcome } from "./steps/fraud";
import type { Outcome } from "./steps/outcome";
import type { EntityPreload } from "./steps/preload";
import { outcomeStatements } from "./steps/records";

export type MonitoredEntityType = (typeof MONITORED_ENTITY_TYPES)[number];
export type ScreeningTrigger = "arrival" | "schedule" | "on_demand";

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
  /** The alerts and outbox events: run them in one batch with the screening record and the pending row's removal. */
  statements: BatchItem<"sqlite">[];
  /** The entity's last-screening row (screeningsUpsert). */
  record: ScreeningRecord;
  alerts: number;
  casesOpened: number;
  casesAppended: number;
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

/**
 * Screens one entity with the live fraud and AML versions: side-effect-free evaluations, then
 * cases opened or appended to (through the case logs, which dedupe), and the statements that
 * store what was found. Cases are written before the alert: a crash between the two leaves the
 * entity pending, and its next screening appends to the case rather than opening another.
 */
export async function screenEntity(
  ctx: TenantContext,
  entity: Entity,
  options: ScreenOptions,
  pre?: EntityPreload,
): Promise<Screening> {
  const now = ctx.clock.now();
  const screeningId = uuidV7(now);
  const [fraudSet, amlSet] = await Promise.all([liveRuleSet(ctx, "fraud"), liveRuleSet(ctx, "aml")]);
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
  const base = { screeningId, trigger: options.trigger, runId: options.runId, at: now };
  const outcomes: Outcome[] = [];
  if (fraud && fraud.triggeredSignals.length > 0)
    outcomes.push(await fraudOutcome(ctx, fraud, fraudSet.content.createCaseThreshold, base));
  const fired = aml?.triggeredRules.filter((o) => o.triggered) ?? [];
  if (aml && fired.length > 0) outcomes.push(await amlOutcome(ctx, aml, fired, amlSet.content, base));

  const statements: BatchItem<"sqlite">[] = [...outcomeStatements(ctx, outcomes, now)];
  const events = outcomes.reduce((n, o) => n + o.events.length, 0);
  const record: ScreeningRecord = {
    entityType,
    entityId,
    screenedAt: now.toISOString(),
    trigger: options.trigger,
    fraudVersion: isFraudEntity(entityType) ? fraudSet.version : null,
    amlVersion: amlSet.version,
    alerts: outcomes.length,
  };
  const cases = outcomes.flatMap((o) => o.alert.cases);
  return {
    screeningId,
    statements,
    record,
    alerts: outcomes.length,
    casesOpened: cases.filter((c) => c.action === "opened").length,
    casesAppended: cases.filter((c) => c.action === "appended").length,
    events,
  };
}
