import type { TenantContext } from "../../../db/tenant-context";
import { isUuid } from "../../../lib/crypto";
import { badRequest, notFound } from "../../../lib/errors";
import { drainSliced } from "../../../lib/slices";
import { type PeerNorm, peerNormOf, peerRead } from "../../data/peers/service";
import type { ProposedTransactionRow } from "../../data/read-model";
import {
  configureSignals,
  SIGNALS,
  type SignalConfig,
  selectSignals,
  unknownSignalIds,
} from "../../detection/domain/fraud/catalog";
import { allowlistedEntities, allowlistedSet, allowlistStatement } from "../../lists/service";
import { evaluateCustomRules } from "../../rules/custom/service";
import type { LiveRuleSet, RuleSetChoice } from "../../rules/domain/document";
import { stampOf } from "../../rules/domain/document";
import { liveRuleSet, liveRuleSets, ruleSetFor, tenantTimeZone } from "../../rules/service";
import { DAY_MS } from "../domain/activity";
import { customSignal } from "../domain/custom-signals";
import { evaluationSteps } from "../domain/evaluate";
import type { EntityType, Txn } from "../domain/types";
import {
  type ActivityRow,
  activityOf,
  entityActivityReads,
  type RegisteredIds,
  entityStarts as readEntityStarts,
} from "./repo";

/** Days of the entity's own history before the window that signals compare against. */
export const BASELINE_DAYS = 90;
/** Most transactions read per evaluation (newest first). */
export const ACTIVITY_CAP = 20_000;

export interface EvaluateInput {
  entityType: EntityType;
  entityId: string;
  windowDays: number;
  signalIds?: string[];
  /** The live version (default) or the tenant's fraud draft (docs/methodology/rules.md#evaluating-a-draft). */
  ruleSet?: RuleSetChoice;
}

/**
 * Pre-transaction screening (monitoring/pre-transaction): a transaction not stored, evaluated as
 * part of the entity's history, with the evaluation instant at or after it.
 */
export interface Proposal {
  row: ProposedTransactionRow;
  at: Date;
}

/**
 * The catalog as the live rule sets configure it: the fraud version's enabled, severity,
 * parameters, weight and window, and the structuring band's top taken from the AML version's
 * largeCashAmount (major units, so x100 in minor units) rather than the signal's own parameter.
 */
export async function liveSignals(ctx: TenantContext, choice: RuleSetChoice = "live") {
  // A fraud draft still reads the live AML largeCashAmount: one draft is evaluated at a time.
  const [fraud, aml] =
    choice === "live"
      ? await liveRuleSets(ctx, ["fraud", "aml"])
      : await Promise.all([ruleSetFor(ctx, "fraud", choice), liveRuleSet(ctx, "aml")]);
  const signals = signalsOf(fraud.content.builtins, aml.content.thresholds?.largeCashAmount);
  return { signals, fraud, aml };
}

/** The catalog under one fraud version's built-ins and the AML largeCashAmount (major units). */
export const signalsOf = (builtins: Record<string, SignalConfig>, largeCash: number | undefined) =>
  configureSignals(builtins).map((s) =>
    s.signalId === "just_under_threshold" && typeof largeCash === "number"
      ? { ...s, parameters: { ...s.parameters, reportingThresholdMinor: Math.round(largeCash * 100) } }
      : s,
  );

export async function listSignals(ctx: TenantContext, enabledOnly: boolean) {
  const { signals, fraud } = await liveSignals(ctx);
  const shown = signals
    .map(({ windowDays: _w, ...s }) => ({
      ...s,
      defaultSeverity: SIGNALS.find((d) => d.signalId === s.signalId)!.defaultSeverity,
      severity: s.defaultSeverity,
    }))
    .filter((s) => !enabledOnly || s.isEnabled);
  return { signals: shown, ruleSetVersion: fraud.version, ruleSetHash: fraud.hash };
}

/** Custom rules to run: the named ones (enabled or not), else every enabled one. */
function customRulesToRun(live: LiveRuleSet, signalIds: string[] | undefined) {
  if (!signalIds?.length) return live.content.custom;
  const wanted = new Set(signalIds);
  return live.content.custom.filter((r) => wanted.has(r.ruleId)).map((r) => ({ ...r, enabled: true }));
}

const NOT_FOUND = { customer: "Customer", account: "Account", agent: "Agent" } as const;

/** 404 before any read for an id that cannot be a customer or account (they are uuids). */
function checkEntityId(type: EntityType, id: string) {
  if ((type === "customer" || type === "account") && !isUuid(id)) throw notFound(NOT_FOUND[type]);
}

/** The row as the signals read it: the row itself (it is a Txn), a copy only for a negative amount. */
export const toTxn = (r: ActivityRow): Txn =>
  r.amountMinor >= 0 ? r : { ...r, amountMinor: -r.amountMinor };

/** The proposed row as the signals see it. */
const proposedTxn = (row: ProposedTransactionRow): Txn => ({
  amountMinor: Math.abs(row.amount_minor),
  type: row.type,
  at: Date.parse(row.transaction_date),
  category: row.category,
  status: row.status,
  description: row.description,
  counterparty: row.counterparty_account ?? row.counterparty_name,
});

/** What a signal set reads: a signal with its own longer window reads further back, then the baseline. */
function readRange(windowDays: number, signals: ReadonlyArray<{ windowDays?: number }>, now: Date) {
  const longest = Math.max(windowDays, ...signals.map((s) => s.windowDays ?? 0));
  const windowStart = new Date(now.getTime() - longest * DAY_MS);
  return { baselineStart: new Date(windowStart.getTime() - BASELINE_DAYS * DAY_MS) };
}

/** When each registered entity of a page began, keyed "type:id" (absent: not found); one statement. */
export const entityStarts = (ctx: TenantContext, ids: RegisteredIds) => readEntityStarts(ctx, ids);

/**
 * An entity's reads done for it by a page read (monitoring, preloadFraud): evaluate then reads
 * only its custom rules. Same rows, same instant, so the alert is the one evaluate would answer.
 */
export interface FraudPreload {
  now: Date;
  createdAt: string | null;
  rows: ActivityRow[];
  before: string | null;
  allowlist: Awaited<ReturnType<typeof allowlistedEntities>>;
  /**
   * When asked (readsOf's `amlColumns`) and the rows came whole: they carry AML's columns, every
   * status from `from` to the instant, newest first (pre-transaction screening's AML rows).
   */
  withAml?: { from: string; rows: ActivityRow[] };
  /** The entity's peer group, read with the page's (absent: evaluate reads it). */
  peers?: PeerNorm | null;
}

/**
 * The reads of live evaluations (no signalIds) of many entities of one type as of `now`, in three
 * statements: activity, last activity before the baseline, allowlist. `starts` says when each
 * registered entity began (from the page's entity read; a merchant has no registry).
 */
export async function preloadFraud(
  ctx: TenantContext,
  page: { entityType: EntityType; entityIds: string[]; windowDays: number; now: Date },
  starts: ReadonlyMap<string, string>,
  peers?: ReadonlyMap<string, PeerNorm | null>,
): Promise<Map<string, FraudPreload>> {
  const { entityType, entityIds, now } = page;
  const { signals: catalog, fraud } = await liveSignals(ctx);
  const signals = selectSignals(entityType, undefined, catalog);
  const { baselineStart } = readRange(page.windowDays, signals, now);
  const range = { from: baselineStart.toISOString(), to: now.toISOString(), cap: ACTIVITY_CAP };
  const [{ activity, before }, allowlist] = await Promise.all([
    activityOf(ctx, entityType, entityIds, { ...range, before: range.from }),
    allowlistedEntities(ctx, {
      entityType,
      entityIds,
      ruleIds: [...signals.map((s) => s.signalId), ...fraud.content.custom.map((r) => r.ruleId)],
      at: now,
    }),
  ]);
  return new Map(
    entityIds.map((id) => [
      id,
      {
        now,
        createdAt: starts.get(`${entityType}:${id}`) ?? null,
        rows: activity.get(id) ?? [],
        before: before.get(id) ?? null,
        allowlist,
        ...(peers ? { peers: peers.get(id) ?? null } : {}),
      },
    ]),
  );
}

/**
 * The reads of one entity's evaluation as of `now` (entity, activity, last activity before the
 * baseline, allowlist) as statements for one D1 batch, which a caller may send with its own
 * (pre-transaction screening sends AML's too); `finish` turns the batch's results for them into
 * the preload evaluate takes, or throws the entity's 404.
 */
export async function readsOf(
  ctx: TenantContext,
  input: EvaluateInput,
  now: Date,
  options: { amlColumns?: boolean } = {},
) {
  checkEntityId(input.entityType, input.entityId);
  const { signals: catalog, fraud } = await liveSignals(ctx, input.ruleSet);
  const signals = selectSignals(input.entityType, input.signalIds, catalog);
  const { baselineStart } = readRange(input.windowDays, signals, now);
  const allowlist = allowlistStatement(ctx, {
    entityType: input.entityType,
    entityIds: [input.entityId],
    ruleIds: [
      ...signals.map((s) => s.signalId),
      ...customRulesToRun(fraud, input.signalIds).map((r) => r.ruleId),
    ],
    at: now,
  });
  const key = { column: input.entityType, value: input.entityId };
  const range = { from: baselineStart.toISOString(), to: now.toISOString(), cap: ACTIVITY_CAP };
  const reads = entityActivityReads(ctx, key, range, allowlist, options);
  // The entity's peer groups ride in the same batch (docs/methodology/peers.md).
  const peers = peerRead(ctx, input.entityType, input.entityId);
  const items = peers ? ([...reads.items, peers.item] as typeof reads.items) : reads.items;
  const finish = async (results: readonly unknown[]): Promise<FraudPreload> => {
    const own = peers ? results.slice(0, -1) : results;
    const { found, createdAt, rows, withAml, before, extra } = await reads.decode(own);
    if (!found) throw notFound(NOT_FOUND[input.entityType as keyof typeof NOT_FOUND]);
    return {
      now,
      createdAt,
      rows,
      before,
      allowlist: allowlistedSet(extra),
      ...(withAml ? { withAml: { from: range.from, rows } } : {}),
      peers: peers ? peers.decode(results[results.length - 1] as Parameters<typeof peers.decode>[0]) : null,
    };
  };
  return { items, finish };
}

/**
 * Computes a FraudAlert on demand (the one path of evaluate, evaluate-and-create and
 * pre-transaction screening). Persists nothing. With a proposal, the proposed transaction joins
 * the entity's history in the built-in signals and in the custom rules' SQL.
 */
export async function evaluate(
  ctx: TenantContext,
  input: EvaluateInput,
  proposal?: Proposal,
  pre?: FraudPreload,
) {
  const { signals: catalog, fraud, aml } = await liveSignals(ctx, input.ruleSet);
  const customIds = new Set(fraud.content.custom.map((r) => r.ruleId));
  const unknown = unknownSignalIds(input.signalIds ?? []).filter((id) => !customIds.has(id));
  if (unknown.length)
    throw badRequest(
      `Unknown signalIds: ${unknown.join(", ")}`,
      unknown.map((id) => ({ path: "signalIds", message: `unknown signal ${id}` })),
    );
  if (!pre) checkEntityId(input.entityType, input.entityId);
  const now = proposal?.at ?? pre?.now ?? ctx.clock.now();
  const signals = selectSignals(input.entityType, input.signalIds, catalog);
  const zone = tenantTimeZone(ctx, now);
  const customRules = customRulesToRun(fraud, input.signalIds);
  // Without a preload: the entity, its activity, its last transaction before the baseline and
  // the allowlist in one D1 batch (one round trip); custom rules run their own statement.
  const [reads, customOutcomes, peers] = await Promise.all([
    pre ?? readsOf(ctx, input, now).then(async (r) => r.finish(await ctx.db.batch(r.items))),
    evaluateCustomRules(ctx, {
      entityType: input.entityType,
      entityId: input.entityId,
      rules: customRules,
      now,
      thresholds: aml.content.thresholds ?? {},
      timeZone: zone.timeZone,
      proposed: proposal?.row,
    }),
    pre?.peers !== undefined ? pre.peers : peerNormOf(ctx, input.entityType, input.entityId),
  ]);
  const { rows, before, allowlist } = reads;
  const at = now.toISOString();
  const requestWindowStart = new Date(now.getTime() - input.windowDays * DAY_MS).toISOString();
  const custom = customOutcomes.map((o) =>
    customSignal(o, {
      computedAt: at,
      windowStart: requestWindowStart,
      entityType: input.entityType,
      entityId: input.entityId,
    }),
  );
  // In steps: a long history hands the isolate back between its signals (evaluate.ts ROWS_PER_STEP).
  const result = await drainSliced(
    evaluationSteps(
      {
        entityType: input.entityType,
        entityId: input.entityId,
        now,
        windowDays: input.windowDays,
        entityCreatedAt: reads.createdAt ? new Date(reads.createdAt) : null,
        transactions: proposal ? [...rows.map(toTxn), proposedTxn(proposal.row)] : rows.map(toTxn),
        activityBeforeBaselineAt: before ? Date.parse(before) : null,
        baselineDays: BASELINE_DAYS,
        timeZone: zone.timeZone,
        utcOffsetMinutes: zone.utcOffsetMinutes,
        peers,
      },
      signals,
      { custom, allowlisted: (id) => allowlist.clears(input.entityId, id) },
    ),
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
    ruleSet: stampOf(fraud),
    isAdvisoryOnly: true as const,
  };
}

export type FraudAlert = Awaited<ReturnType<typeof evaluate>>;
