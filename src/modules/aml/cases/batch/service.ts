import type { AmlCaseRow } from "../../../../db/shard/aml";
import type { TenantContext } from "../../../../db/tenant-context";
import { type AnchorKeys, anchorKeysFrom } from "../../../cases/domain/anchor";
import { anchoredLogEntry, anchorOfHead } from "../../../cases/domain/log";
import { dueAtFor } from "../../../cases/domain/work";
import { type RoutableCase, routeNewCases } from "../../../cases/queues/service";
import { type AmlEntityType, ruleById } from "../../../detection/domain/aml/rules";
import type { AmlCaseStatus } from "../../domain/case-machine";
import type { RuleOutcome } from "../../domain/evaluate";
import { type HistoryFields, historyContent, snapshotOf } from "../../domain/history";
import type * as repo from "../../repo";
import { chainedEntry, type NoteAppend } from "../append/service";
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
  /** The input's note was chained after `created` in the opening batch (no append is left to do). */
  chained?: boolean;
}

/**
 * `notes` chained after an item's `created` entry (same time, status open) and the item's anchor
 * moved to the last: written with the case in its opening batch.
 */
async function chainNotes(
  item: CaseItem,
  notes: ReadonlyArray<NoteAppend["body"]>,
  keys: AnchorKeys,
): Promise<CaseItem> {
  let last: { sequence: number; hash: string } = item.created as { sequence: number; hash: string };
  const more = [];
  for (const body of notes) {
    const entry = await chainedEntry(
      item.row.tenantId!,
      item.row.id!,
      last,
      "open",
      { ...body, toStatus: "open" },
      item.created.createdAt!,
    );
    more.push(entry);
    last = entry;
  }
  const owner = { kind: "aml" as const, tenantId: item.row.tenantId!, caseId: item.row.id! };
  return { ...item, more, anchor: await anchorOfHead(keys, owner, last) };
}

/**
 * openCasesForTriggered for many entities (each input one entity): answers, per input in order,
 * what openCasesForTriggered would answer for it. Three statements per ~80 KB of cases, one
 * batch (one transaction), and one read, however many entities and rules. Several inputs of one
 * subject: with `notes` (per input, its `alert_added` body or null), a later input's note on a
 * case an earlier input opens here is chained in the opening batch (answered `chained`).
 */
export async function openCasesForPage(
  ctx: TenantContext,
  inputs: OpenCasesInput[],
  notes?: ReadonlyArray<NoteAppend["body"] | null>,
): Promise<FoundCase[][]> {
  const asked = inputs.filter((i) => i.outcomes.length > 0);
  if (asked.length === 0) return inputs.map(() => []);
  const at = ctx.clock.now().toISOString();
  const keys = await anchorKeysFrom(ctx.env.SECRETS_KEY);
  const built = await Promise.all(inputs.map((input) => caseItems(ctx, input, at, keys)));
  // One item per (entity, rule): the first input's; a later input's note is chained onto it.
  const tripleKey = (t: string, id: string, rule: string) => `${t}\u0000${id}\u0000${rule}`;
  const first = new Map<string, CaseItem>();
  const chainedTo = new Map<CaseItem, Array<NoteAppend["body"]>>();
  const chainedAt = new Map<number, Map<string, string>>();
  for (const [i, items] of built.entries())
    for (const item of items) {
      const k = tripleKey(item.row.entityType!, item.row.entityId!, item.row.ruleId!);
      const earlier = first.get(k);
      if (!earlier) first.set(k, item);
      else if (notes?.[i]) {
        chainedTo.set(earlier, [...(chainedTo.get(earlier) ?? []), notes[i]!]);
        chainedAt.set(i, (chainedAt.get(i) ?? new Map()).set(item.row.ruleId!, earlier.row.id!));
      }
    }
  const items = await Promise.all(
    [...first.values()].map((item) => {
      const more = chainedTo.get(item);
      return more ? chainNotes(item, more, keys) : item;
    }),
  );
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
  return inputs.map((input, i) =>
    input.outcomes.flatMap((o) => {
      const found = byKey.get(tripleKey(input.entityType, input.entityId, o.ruleId));
      // A case closed between the batch and this read is simply not reported (as for one entity).
      if (!found) return [];
      const created = createdNow(found.id);
      const chained = !created && chainedAt.get(i)?.get(o.ruleId) === found.id;
      return [
        {
          caseId: found.id,
          ruleId: o.ruleId,
          status: found.status as AmlCaseStatus,
          created,
          ...(chained ? { chained: true } : {}),
        },
      ];
    }),
  );
}
