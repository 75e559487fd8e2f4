import type { FraudCaseEventRow, FraudCaseHeadRow, FraudCaseRow } from "../../../../db/shard/fraud";
import type { TenantContext } from "../../../../db/tenant-context";
import { type AnchorKeys, anchorKeysFrom } from "../../../cases/domain/anchor";
import { anchoredLogEntry } from "../../../cases/domain/log";
import { dueAtFor } from "../../../cases/domain/work";
import { type RoutableCase, routeNewCases } from "../../../cases/queues/service";
import type { CaseActor, EventInput } from "../../domain/case-log";
import type { FraudAlert } from "../../evaluation/service";
import { DISCLAIMER } from "../../schemas";
import type { CreateCaseInput } from "../schemas";
import * as batchRepo from "./repo";

/**
 * A new case's records, built in memory (row, `created` event chained from genesis, anchored
 * head), and the opening of many entities' cases at once (continuous monitoring's page) with
 * the same records as one case opened through the entity's Durable Object.
 */

/** The case fields covered by the created event's hash (so the immutable row is covered too). */
export function caseContent(row: FraudCaseRow) {
  // The rule-set stamp (0023) is hashed when set; left out when null, so cases created before
  // it (or from client data) verify unchanged.
  // redactedAt (0040) marks an erasure, after the hash was taken: never hashed.
  const { ruleSetVersion, ruleSetHash, redactedAt: _r, ...rest } = row;
  return ruleSetVersion === null || ruleSetVersion === undefined
    ? rest
    : { ...rest, ruleSetVersion, ruleSetHash };
}

/**
 * The hashed content of an event: every stored field but the hashes themselves. actorKeyId
 * (added by migration 0017) is hashed when set; left out when null, so events written
 * before it existed still verify.
 */
export function eventContent(event: FraudCaseEventRow, row?: FraudCaseRow) {
  const { hash: _h, previousHash: _p, actorKeyId, redactedAt: _r, ...rest } = event;
  const content = actorKeyId == null ? rest : { ...rest, actorKeyId };
  return event.eventType === "created" && row ? { ...content, case: caseContent(row) } : content;
}

export const emptyEvent = {
  actorName: null,
  previousStatus: null,
  newStatus: null,
  assigneeId: null,
  assigneeName: null,
  noteContent: null,
  noteType: null,
  evidenceType: null,
  evidenceReference: null,
  resolution: null,
} satisfies Partial<FraudCaseEventRow>;

/** A new case's `created` event (chained from genesis, covering the row) and its head, anchored. */
export async function newCaseRecords(
  tenantId: string,
  row: FraudCaseRow,
  actor: CaseActor,
  keys: AnchorKeys,
  dueAt: string | null,
): Promise<{ event: FraudCaseEventRow; head: FraudCaseHeadRow }> {
  // The one builder of case log entries (cases/domain/log.ts), from genesis.
  const { entry: event, anchor } = await anchoredLogEntry(
    keys,
    { kind: "fraud", tenantId, caseId: row.id },
    null,
    ({ sequence, previousHash }): FraudCaseEventRow => ({
      ...emptyEvent,
      id: crypto.randomUUID(),
      tenantId,
      caseId: row.id,
      eventSequence: sequence,
      eventType: "created",
      actorType: actor.actorType,
      actorId: actor.actorId,
      actorName: actor.actorName ?? null,
      actorKeyId: actor.actorKeyId ?? null,
      newStatus: "open",
      correlationId: row.correlationId,
      createdAt: row.createdAt,
      previousHash,
      hash: "",
      redactedAt: null,
    }),
    (unhashed) => eventContent(unhashed, row),
  );
  const head: FraudCaseHeadRow = {
    caseId: row.id,
    tenantId,
    currentStatus: "open",
    lastEventAt: row.createdAt,
    lastSequence: 1,
    headHash: event.hash,
    headAnchor: anchor.anchor,
    headAnchorKeyId: anchor.keyId,
    entityType: row.entityType,
    entityId: row.entityId,
    severity: row.severity,
    overallScore: row.overallScore,
    createdAt: row.createdAt,
    assigneeId: null,
    assigneeName: null,
    dueAt,
    slaBreachedDueAt: null,
    tags: [],
    outcome: null,
    closeRequest: null,
  };
  return { event, head };
}

/** The immutable row of a new case. */
export function caseRow(
  tenantId: string,
  input: CreateCaseInput,
  now: Date,
  ruleSet: { version: number; hash: string } | null = null,
): FraudCaseRow {
  return {
    id: crypto.randomUUID(),
    tenantId,
    alertId: input.alertId,
    correlationId: input.correlationId ?? crypto.randomUUID(),
    entityType: input.entityType,
    entityId: input.entityId,
    severity: input.severity,
    overallScore: input.overallScore,
    title: input.title ?? `${input.severity} fraud signals on ${input.entityType} ${input.entityId}`,
    summary: input.summary ?? null,
    triggeredSignals: input.triggeredSignals,
    explainability: input.explainability,
    windowDays: input.windowDays,
    windowStart: input.windowStart ? new Date(input.windowStart).toISOString() : null,
    windowEnd: input.windowEnd ? new Date(input.windowEnd).toISOString() : null,
    disclaimer: DISCLAIMER,
    metadata: input.metadata,
    createdAt: now.toISOString(),
    ruleSetVersion: ruleSet?.version ?? null,
    ruleSetHash: ruleSet?.hash ?? null,
    redactedAt: null,
  };
}

/** The case an alert opens; `source` names the caller in its metadata. */
export const fromAlert = (alert: FraudAlert, source: string): CreateCaseInput => ({
  alertId: alert.alertId,
  correlationId: alert.correlationId,
  entityType: alert.entityType,
  entityId: alert.entityId,
  severity: alert.severity,
  overallScore: alert.overallScore,
  title: `${alert.severity} fraud signals on ${alert.entityType} ${alert.entityId}`,
  summary: alert.summary,
  triggeredSignals: alert.triggeredSignals as unknown as Record<string, unknown>[],
  explainability: alert.explainability,
  windowDays: alert.windowDays,
  windowStart: alert.windowStart,
  windowEnd: alert.windowEnd,
  metadata: { source, evaluatedSignalIds: alert.evaluatedSignalIds },
});

/** The case's due date from the tenant's SLA. */
export const dueAtOf = (ctx: Pick<TenantContext, "tenant">, row: FraudCaseRow) =>
  dueAtFor(ctx.tenant.settings.caseSla, "fraud", row.severity, new Date(row.createdAt));

/** What queue routing reads of a new case: its signal (or custom rule) ids are its typologies. */
export const routableOf = (row: FraudCaseRow, dueAt: string | null): RoutableCase => ({
  kind: "fraud",
  caseId: row.id,
  typologies: row.triggeredSignals.flatMap((s) =>
    [s.signalId, s.ruleId].filter((id): id is string => typeof id === "string"),
  ),
  riskLevel: row.severity as RoutableCase["riskLevel"],
  dueAt,
});

/** A case to open: the row, its `created` event and its head. */
export type { NewCaseRecords } from "./repo";

/** Chains `entries` after a new case's `created` event, in memory (fraud/cases/service.ts chainOpening). */
export type ChainOpening = (
  records: batchRepo.NewCaseRecords,
  entries: EventInput[],
  keys: AnchorKeys,
) => Promise<batchRepo.NewCaseRecords>;

/** A case found or opened for an alert; `chained`: the alert's entry was written in the opening batch. */
export interface OpenedFor {
  caseId: string;
  created: boolean;
  chained?: boolean;
}

/**
 * Opens, per alert, a case for its entity unless the entity has a non-closed one (one open case
 * per entity); answers per alert in order the case found or opened. One read of the entities'
 * open cases, one batch of guarded set-based inserts (a case whose entity gained an open case
 * meanwhile is not inserted, nor its event and head), one read back. The alerts are of distinct
 * entities (a page claims an entity once), or several alerts of one subject: the first opens its
 * case, and with `entries` and `chain` each later one's entry (`alert_added`) is chained after
 * `created` in the same batch (answered `chained`), so no case object is called for it.
 */
export async function openCasesUnlessOpen(
  ctx: TenantContext,
  alerts: FraudAlert[],
  actor: CaseActor,
  entries?: ReadonlyArray<EventInput | null>,
  chain?: ChainOpening,
): Promise<OpenedFor[]> {
  if (alerts.length === 0) return [];
  const key = (a: { entityType: string; entityId: string }) => `${a.entityType}\u0000${a.entityId}`;
  const pairs = alerts.map((a) => [a.entityType, a.entityId] as const);
  const before = new Map((await batchRepo.openCaseIds(ctx, pairs)).map((c) => [key(c), c.caseId]));
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  const now = ctx.clock.now();
  // One opening per entity, however many of its alerts the batch has (a subject's customer and accounts).
  const unique = new Map<string, FraudAlert>();
  // The later alerts of each opening entity whose entries are chained in its opening batch.
  const later = new Map<string, number[]>();
  for (const [i, a] of alerts.entries()) {
    if (before.has(key(a))) continue;
    if (!unique.has(key(a))) unique.set(key(a), a);
    else if (chain && entries?.[i]) later.set(key(a), [...(later.get(key(a)) ?? []), i]);
  }
  const opening = await Promise.all(
    [...unique.entries()].map(async ([k, alert]) => {
      const row = caseRow(ctx.tenantId, fromAlert(alert, actor.actorId), now, alert.ruleSet);
      const records = { row, ...(await newCaseRecords(ctx.tenantId, row, actor, keys, dueAtOf(ctx, row))) };
      const more = (later.get(k) ?? []).map((i) => entries![i]!);
      return more.length > 0 && chain ? chain(records, more, keys) : records;
    }),
  );
  let after = before;
  if (opening.length > 0) {
    await ctx.db.batchSql(batchRepo.openCasesStatements(ctx, opening));
    after = new Map((await batchRepo.openCaseIds(ctx, pairs)).map((c) => [key(c), c.caseId]));
    const opened = new Set(after.values());
    await routeNewCases(
      ctx,
      opening.filter((o) => opened.has(o.row.id)).map((o) => routableOf(o.row, o.head.dueAt)),
    );
  }
  const ours = new Set(opening.map((o) => o.row.id));
  const chained = new Set([...later.values()].flat());
  const told = new Set<string>();
  return alerts.map((a, i) => {
    const caseId = after.get(key(a)) ?? before.get(key(a));
    if (!caseId) throw new Error(`fraud case of ${a.entityType} ${a.entityId} neither open nor opened`);
    // Only the first alert of an entity opened it; the others are added to it (in its batch when chained).
    const created = ours.has(caseId) && !told.has(caseId);
    told.add(caseId);
    return created || !ours.has(caseId) || !chained.has(i)
      ? { caseId, created }
      : { caseId, created, chained: true };
  });
}
