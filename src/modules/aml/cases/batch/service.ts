import type { AmlCaseRow } from "../../../../db/shard/aml";
import type { TenantContext } from "../../../../db/tenant-context";
import { type AnchorKeys, anchorKeysFrom } from "../../../cases/domain/anchor";
import { anchoredLogEntry } from "../../../cases/domain/log";
import { dueAtFor } from "../../../cases/domain/work";
import { type RoutableCase, routeNewCases } from "../../../cases/queues/service";
import { type AmlEntityType, ruleById } from "../../../detection/domain/aml/rules";
import type { AmlCaseStatus } from "../../domain/case-machine";
import type { RuleOutcome } from "../../domain/evaluate";
import { type HistoryFields, historyContent, snapshotOf } from "../../domain/history";
import type * as repo from "../../repo";
import type { CaseItem } from "./repo";
import * as batchRepo from "./repo";

/**
 * Opening the AML cases of many entities at once (continuous monitoring's page): the same case
 * items as one entity's opening (caseItems), written set-based in one batch, then one read of
 * the open cases of every (entity, rule) asked about. Dedupe is the database's, as for one entity:
 * the partial unique index on open cases skips a case whose (entity, rule) already has one.
 */
/** A case to open: its row, its `created` entry (chained from genesis) and its anchor. */
export interface OpenCasesInput {
  entityType: AmlEntityType;
  entityId: string;
  correlationId: string;
  windowDays: number;
  windowStart: string;
  windowEnd: string;
  outcomes: RuleOutcome[];
  /** The API key of the request that asked for the evaluation (null from a workflow). */
  actorKeyId: string | null;
  /** The live AML rule-set version that produced the outcomes. */
  ruleSet?: { version: number; hash: string };
  /**
   * Every subject of the case when it is more than its entity (a network scheme's participants,
   * principal included), each with its role: the case is then found from each of them.
   */
  subjects?: CaseSubject[];
}

/** One subject of a case and its role in it (a scheme's hub, feeder, intermediary, sink, ...). */
export interface CaseSubject {
  entityType: AmlEntityType;
  entityId: string;
  role: string;
}

export type { CaseItem } from "./repo";

/** Routes the items this call opened (in `openIds`) to their queues; the rule id is the typology. */
export async function routeOpened(ctx: TenantContext, items: CaseItem[], openIds: Set<string>) {
  const routable = items
    .filter((i) => openIds.has(i.row.id!))
    .map(
      (i): RoutableCase => ({
        kind: "aml",
        caseId: i.row.id!,
        typologies: [i.row.ruleId],
        riskLevel: i.row.riskLevel as RoutableCase["riskLevel"],
        dueAt: i.row.dueAt ?? null,
      }),
    );
  await routeNewCases(ctx, routable);
}

/**
 * The case each triggered rule would open, built in memory (ids, the `created` entry's hash, the
 * anchor): the same items whether they are written one entity at a time or a page at once.
 */
export async function caseItems(
  ctx: TenantContext,
  input: OpenCasesInput,
  at: string,
  keys: AnchorKeys,
): Promise<CaseItem[]> {
  return Promise.all(
    input.outcomes.map(async (o) => {
      // A custom rule (rules/custom) has no catalog entry: its cases are reviews.
      const row: repo.NewCase = {
        id: crypto.randomUUID(),
        tenantId: ctx.tenantId,
        ruleId: o.ruleId,
        ruleName: o.ruleName,
        caseType: ruleById(o.ruleId)?.caseType ?? "review",
        entityType: input.entityType,
        entityId: input.entityId,
        riskLevel: o.riskLevel,
        status: "open",
        evidence: o.evidence,
        explanation: o.explanation,
        correlationId: input.correlationId,
        windowDays: input.windowDays,
        windowStart: input.windowStart,
        windowEnd: input.windowEnd,
        createdAt: at,
        lastEventAt: at,
        eventCount: 0,
        ruleSetVersion: input.ruleSet?.version ?? null,
        ruleSetHash: input.ruleSet?.hash ?? null,
        dueAt: dueAtFor(ctx.tenant.settings.caseSla, "aml", o.riskLevel, new Date(at)),
      };
      // The one builder of case log entries (cases/domain/log.ts), from genesis.
      const { entry, anchor } = await anchoredLogEntry(
        keys,
        { kind: "aml", tenantId: ctx.tenantId, caseId: row.id! },
        null,
        ({ sequence, previousHash }) => ({
          fields: {
            id: crypto.randomUUID(),
            tenantId: ctx.tenantId,
            caseId: row.id!,
            sequence,
            eventType: "created",
            fromStatus: null,
            toStatus: "open",
            actorType: "system",
            actorId: "aml-evaluate",
            actorName: null,
            actorKeyId: input.actorKeyId,
            note: null,
            createdAt: at,
          } satisfies HistoryFields,
          previousHash,
        }),
        ({ fields }) => historyContent(fields, snapshotOf(row as AmlCaseRow)),
      );
      const created = { ...entry.fields, previousHash: entry.previousHash, hash: entry.hash };
      const subjects = input.subjects?.map((x) => ({ ...x, caseId: row.id!, createdAt: at }));
      return { row, created, anchor, subjects };
    }),
  );
}

/** What an entity's triggered rules found: per rule, the open case and whether this call opened it. */
export interface FoundCase {
  caseId: string;
  ruleId: string;
  status: AmlCaseStatus;
  created: boolean;
}

/**
 * openCasesForTriggered for many entities (each input one entity): answers, per input in order,
 * what openCasesForTriggered would answer for it. Three statements per ~80 KB of cases, one
 * batch (one transaction), and one read, however many entities and rules.
 */
export async function openCasesForPage(ctx: TenantContext, inputs: OpenCasesInput[]): Promise<FoundCase[][]> {
  const asked = inputs.filter((i) => i.outcomes.length > 0);
  if (asked.length === 0) return inputs.map(() => []);
  const at = ctx.clock.now().toISOString();
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  const items = (await Promise.all(asked.map((input) => caseItems(ctx, input, at, keys)))).flat();
  await ctx.db.batchSql(batchRepo.openCasesStatements(ctx, items));
  const newIds = new Set(items.map((i) => i.row.id));
  const open = await batchRepo.openCasesOf(
    ctx,
    asked.flatMap((i) => i.outcomes.map((o) => [i.entityType, i.entityId, o.ruleId] as const)),
  );
  await routeOpened(ctx, items, new Set(open.map((c) => c.id)));
  const byKey = new Map(open.map((c) => [`${c.entityType}\u0000${c.entityId}\u0000${c.ruleId}`, c]));
  // Only the first input that names a case this batch opened opened it; the others are added to it.
  const told = new Set<string>();
  const createdNow = (id: string) => {
    const first = newIds.has(id) && !told.has(id);
    told.add(id);
    return first;
  };
  return inputs.map((input) =>
    input.outcomes.flatMap((o) => {
      const found = byKey.get(`${input.entityType}\u0000${input.entityId}\u0000${o.ruleId}`);
      // A case closed between the batch and this read is simply not reported (as for one entity).
      return found
        ? [
            {
              caseId: found.id,
              ruleId: o.ruleId,
              status: found.status as AmlCaseStatus,
              created: createdNow(found.id),
            },
          ]
        : [];
    }),
  );
}
