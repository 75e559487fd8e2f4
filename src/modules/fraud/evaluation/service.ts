import type { TenantContext } from "../../../db/tenant-context";
import { badRequest, notFound } from "../../../lib/errors";
import { getAgent, getCustomer } from "../../data/service";
import { liveRuleSet } from "../../rules/service";
import { DAY_MS } from "../domain/activity";
import { SIGNALS, selectSignals, unknownSignalIds } from "../domain/catalog";
import { evaluateSignals } from "../domain/evaluate";
import type { EntityType, Txn } from "../domain/types";
import * as repo from "../repo";

/** Days of the entity's own history before the window that signals compare against. */
export const BASELINE_DAYS = 90;
/** Most transactions read per evaluation (newest first). */
export const ACTIVITY_CAP = 20_000;

export interface EvaluateInput {
  entityType: EntityType;
  entityId: string;
  windowDays: number;
  signalIds?: string[];
}

/** The catalog as the live fraud rule-set version configures it (enabled, severity, parameters). */
export async function listSignals(ctx: TenantContext, enabledOnly: boolean) {
  const live = await liveRuleSet(ctx, "fraud");
  const signals = SIGNALS.map((s) => {
    const config = live.content.builtins[s.signalId];
    return {
      ...s,
      isEnabled: config?.enabled ?? s.isEnabled,
      severity: config?.severity ?? s.defaultSeverity,
      weight: config?.weight ?? 1,
      parameters: config?.parameters ?? s.parameters,
    };
  }).filter((s) => !enabledOnly || s.isEnabled);
  return { signals, ruleSetVersion: live.version, ruleSetHash: live.hash };
}

/** Resolves the entity (404 when absent) to its transaction key and creation time. */
async function resolveEntity(ctx: TenantContext, type: EntityType, id: string) {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  switch (type) {
    case "customer": {
      if (!uuid.test(id)) throw notFound("Customer");
      const row = await getCustomer(ctx, id);
      return { key: { column: type, value: row.id } as const, createdAt: row.createdAt };
    }
    case "account": {
      const row = uuid.test(id) ? await repo.findAccount(ctx, id) : undefined;
      if (!row) throw notFound("Account");
      return { key: { column: type, value: row.id } as const, createdAt: row.createdAt };
    }
    case "agent": {
      const row = await getAgent(ctx, id);
      return {
        key: { column: type, value: row.agentId } as const,
        createdAt: row.activatedAt ?? row.createdAt,
      };
    }
    case "merchant":
      return { key: { column: type, value: id } as const, createdAt: null };
  }
}

const toTxn = (r: Awaited<ReturnType<typeof repo.loadActivity>>[number]): Txn => ({
  amountMinor: Math.abs(r.amountMinor),
  type: r.type,
  at: Date.parse(r.transactionDate),
  category: r.category,
  status: r.status,
  description: r.description,
  counterparty: r.counterparty,
});

/** Computes a FraudAlert on demand. Persists nothing. */
export async function evaluate(ctx: TenantContext, input: EvaluateInput) {
  const unknown = unknownSignalIds(input.signalIds ?? []);
  if (unknown.length)
    throw badRequest(
      `Unknown signalIds: ${unknown.join(", ")}`,
      unknown.map((id) => ({ path: "signalIds", message: `unknown signal ${id}` })),
    );
  const entity = await resolveEntity(ctx, input.entityType, input.entityId);
  const now = ctx.clock.now();
  const windowStart = new Date(now.getTime() - input.windowDays * DAY_MS);
  const baselineStart = new Date(windowStart.getTime() - BASELINE_DAYS * DAY_MS);
  const [rows, before] = await Promise.all([
    repo.loadActivity(ctx, entity.key, baselineStart.toISOString(), now.toISOString(), ACTIVITY_CAP),
    repo.lastActivityBefore(ctx, entity.key, baselineStart.toISOString()),
  ]);
  const signals = selectSignals(input.entityType, input.signalIds);
  const result = evaluateSignals(
    {
      entityType: input.entityType,
      entityId: input.entityId,
      now,
      windowDays: input.windowDays,
      entityCreatedAt: entity.createdAt ? new Date(entity.createdAt) : null,
      transactions: rows.map(toTxn),
      activityBeforeBaselineAt: before ? Date.parse(before) : null,
      baselineDays: BASELINE_DAYS,
    },
    signals,
  );
  const truncated = rows.length >= ACTIVITY_CAP;
  const { transactionCount: _count, ...alert } = result;
  return {
    alertId: crypto.randomUUID(),
    correlationId: crypto.randomUUID(),
    tenantId: ctx.tenantId,
    entityType: input.entityType,
    entityId: input.entityId,
    ...alert,
    summary: truncated
      ? `${alert.summary} Only the newest ${ACTIVITY_CAP} transactions were read; the baseline is partial.`
      : alert.summary,
    evaluatedAt: now.toISOString(),
    isAdvisoryOnly: true as const,
  };
}

export type FraudAlert = Awaited<ReturnType<typeof evaluate>>;
