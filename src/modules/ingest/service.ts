import type { SQL } from "drizzle-orm";
import type { TenantContext } from "../../db/tenant-context";
import { jobs } from "../../jobs/messages";
import { AppError, badRequest } from "../../lib/errors";
import { yieldEvery, yieldToEventLoop } from "../../lib/yield";
import {
  CLASSIFIABLE_RETURNING,
  flowEvidence,
  flowHints,
  type IncomingTransaction,
  type IngestedRow,
  ingestedFlowWrites,
  loadMapping,
} from "../data/flows/service";
import * as upsert from "../data/upsert/service";
import { notifyArrival } from "../monitoring/service";
import { assertStorageFor } from "../usage/service";
import {
  BodyFormatError,
  type Format,
  forbiddenKeyRecordError,
  MAX_RECORDS,
  parseRecords,
  type RawRecord,
} from "./domain/parse";
import {
  type AccountRecord,
  type AgentRecord,
  accountRow,
  agentIdentity,
  agentRow,
  type CustomerRecord,
  customerRow,
  describeIssues,
  identityKey,
  type Resource,
  recordSchemas,
  type TransactionRecord,
  transactionRow,
} from "./domain/records";

export interface RecordError {
  index: number;
  message: string;
}

export interface IngestResult {
  /** Valid records upserted: a repeat of the same batch reports the same number. */
  recordsWritten: number;
  errors: RecordError[];
  /** Of those, rows that were new or changed (syncs report this). */
  recordsChanged: number;
}

type Ctx = Pick<TenantContext, "db" | "tenantId" | "clock" | "tenant" | "env">;

interface Valid<T> {
  index: number;
  record: T;
}

/**
 * Records handled between two yields to the event loop: a 1,000-record body would otherwise hold
 * the isolate for 100-200 ms per step (docs/decisions/faults.md#slices-that-yield).
 */
const RECORDS_PER_SLICE = 200;

/**
 * Rows per write: each write is one D1 batch (one transaction), and the writes follow one another
 * with a yield between. Locally D1 runs on the Worker's thread, where a transaction of 1,000 rows
 * and their triggers held it for 80-150 ms of CPU (docs/decisions/faults.md#slices-that-yield).
 * A transaction row costs about 17 row and index writes (nine indexes, the row count, the arrival
 * queue's entities): 200 of them were 26-36 ms of D1 CPU, so they go 100 at a time; a customer
 * or account row costs about 12, and 200 of them stay one write.
 */
export const ROWS_PER_WRITE = 200;
export const TRANSACTIONS_PER_WRITE = 100;

/**
 * Transactions classified per flow classification (a handful of reads; its writes ride in the next
 * write's batch): its statements cost little per row, so two writes share one
 * (docs/decisions/faults.md#slices-that-yield).
 */
const CLASSIFY_EVERY = 200;

export const rowsPerWrite = (resource: Resource) =>
  resource === "transactions" ? TRANSACTIONS_PER_WRITE : ROWS_PER_WRITE;

/**
 * Upserts the rows rowsPerWrite(resource) at a time; returns the rows changed. Each write is whole: a
 * record is never half-written. A request that fails after its first write leaves the writes
 * before it, and the same request again writes the rest and changes nothing of those (an upsert
 * by external identity): what an at-least-once client does with the 5xx or 503 it got.
 */
async function writeInSlices(ctx: Ctx, resource: Resource, rows: Record<string, unknown>[], now: string) {
  if (resource === "transactions") return writeTransactions(ctx, rows, now);
  let changed = 0;
  const perWrite = rowsPerWrite(resource);
  for (let from = 0; from < rows.length; from += perWrite) {
    await yieldToEventLoop();
    changed += await upsert.upsertRows(
      ctx,
      resource,
      rows.slice(from, from + perWrite).map((row) => ({ id: crypto.randomUUID(), ...row })),
      now,
      ctx.tenant.settings.currency,
    );
  }
  return changed;
}

/**
 * Transactions, with the flow classes of the rows written (set-based, docs/methodology/flows.md).
 * The customers' accounts and loan events are read once for the request; a new row is inserted
 * with the flow it will have unless an opposite leg is found (flowHints); then the rows are
 * classified CLASSIFY_EVERY at a time from what their upserts returned (a row left unchanged is
 * read back), and the flows that differ from the stored ones are written in the next write's batch
 * (the last classification's alone). A row left unclassified by a failure keeps its inserted flow,
 * or a null one, until the daily sweep's backfill reaches it.
 */
async function writeTransactions(ctx: Ctx, rows: Record<string, unknown>[], now: string) {
  if (rows.length === 0) return 0;
  const [mapping, evidence] = await Promise.all([
    loadMapping(ctx),
    flowEvidence(ctx, rows as { customerId: string; transactionDate: string }[]),
  ]);
  let changed = 0;
  let flowWrites: SQL[] = [];
  /** Written and not yet classified: as the upserts returned them, and the keys of rows unchanged. */
  let written: IngestedRow[] = [];
  let unchanged: [string, string][] = [];
  let unclassified = 0;
  for (let from = 0; from < rows.length; from += TRANSACTIONS_PER_WRITE) {
    const slice = rows.slice(from, from + TRANSACTIONS_PER_WRITE);
    await yieldToEventLoop();
    const withIds = slice.map((row) => ({ id: crypto.randomUUID(), ...row }));
    const hints = flowHints(withIds as unknown as IncomingTransaction[], mapping, evidence);
    const returned = await upsert.upsertReturning<IngestedRow>(
      ctx,
      "transactions",
      withIds.map((row, i) => (hints[i] === undefined ? row : { ...row, flow: hints[i] })),
      now,
      ctx.tenant.settings.currency,
      CLASSIFIABLE_RETURNING,
      flowWrites,
    );
    flowWrites = [];
    changed += returned.length;
    written.push(...returned);
    if (returned.length < slice.length) {
      const back = new Set(returned.map((r) => identityKey(r.external_source, r.external_id)));
      for (const r of slice) {
        const key: [string, string] = [r.externalSource as string, r.externalId as string];
        if (!back.has(identityKey(...key))) unchanged.push(key);
      }
    }
    unclassified += slice.length;
    if (unclassified < CLASSIFY_EVERY && from + TRANSACTIONS_PER_WRITE < rows.length) continue;
    await yieldToEventLoop();
    flowWrites = await ingestedFlowWrites(ctx, written, unchanged, mapping, evidence);
    written = [];
    unchanged = [];
    unclassified = 0;
  }
  if (flowWrites.length > 0) await ctx.db.batchSql(flowWrites);
  return changed;
}

/** Validates records one by one: schema, then no second record with the same identity. */
async function validate<R extends Resource>(resource: R, records: RawRecord[], errors: RecordError[]) {
  const schema = recordSchemas[resource];
  const seen = new Map<string, number>();
  const valid: Valid<unknown>[] = [];
  const tick = yieldEvery(RECORDS_PER_SLICE);
  for (const [index, raw] of records.entries()) {
    await tick();
    const message = "error" in raw ? raw.error : undefined;
    if (message !== undefined) {
      errors.push({ index, message });
      continue;
    }
    const value = (raw as { value: unknown }).value;
    if (typeof value !== "object" || value === null || Array.isArray(value)) {
      errors.push({ index, message: "record must be an object" });
      continue;
    }
    // Backstop for every path in (export files, Fineract, seeders): HTTP bodies were refused already.
    const forbidden = forbiddenKeyRecordError(value);
    if (forbidden !== null) {
      errors.push({ index, message: forbidden });
      continue;
    }
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      errors.push({ index, message: describeIssues(parsed.error) });
      continue;
    }
    const identity =
      resource === "agents"
        ? agentIdentity(parsed.data as AgentRecord)
        : (parsed.data as { externalSource: string; externalId: string });
    const key = identityKey(identity.externalSource, identity.externalId);
    const first = seen.get(key);
    if (first !== undefined) {
      errors.push({ index, message: `duplicate of record ${first} (same externalSource and externalId)` });
      continue;
    }
    seen.set(key, index);
    valid.push({ index, record: parsed.data });
  }
  return valid;
}

/**
 * The one write path for customers, accounts, transactions and agents: the HTTP endpoint,
 * export-file syncs, the Fineract connector and the demo seeder all come through here.
 * Bad records are reported and skipped; the good ones are written in whole slices of
 * rowsPerWrite(resource) (one atomic batch each).
 */
export function ingestRecords(ctx: Ctx, resource: Resource, records: unknown[]): Promise<IngestResult> {
  return ingestRaw(
    ctx,
    resource,
    records.map((value) => ({ value })),
  );
}

/** Same, for records already split from a body or file (a line may be unreadable). */
export async function ingestRaw(ctx: Ctx, resource: Resource, raws: RawRecord[]): Promise<IngestResult> {
  const records = raws;
  if (records.length > MAX_RECORDS) {
    throw new AppError(
      "payload_too_large",
      `At most ${MAX_RECORDS} records per request; this body has ${records.length}. Split it into several requests.`,
    );
  }
  const errors: RecordError[] = [];
  const valid = await validate(resource, raws, errors);
  const rows = await rowsFor(ctx, resource, valid, errors);
  await assertStorageFor(ctx, resource, rows); // over the quota: 403, nothing written
  const now = ctx.clock.now().toISOString();
  const recordsChanged = await writeInSlices(ctx, resource, rows, now);
  if (resource === "transactions") {
    // The triggers queued the changed transactions' entities in the same statements; one message
    // screens them all. An unchanged replay queued nothing and sends nothing.
    if (recordsChanged > 0) await notifyArrival(ctx);
  }
  // New or changed customers are screened against the tenant's sanctions lists on the queue
  // (docs/methodology/sanctions.md#where-it-runs): those updated from this write on.
  if (resource === "customers" && recordsChanged > 0) {
    await ctx.env.JOBS_QUEUE.send(jobs.sanctionsScreen(ctx.tenantId, { since: now }));
  }
  errors.sort((a, b) => a.index - b.index);
  return { recordsWritten: rows.length, errors, recordsChanged };
}

/** Parses an HTTP body in one of the three formats, then ingests it. */
export async function ingestBody(ctx: Ctx, resource: Resource, format: Format, body: string) {
  let records: RawRecord[];
  try {
    records = parseRecords(format, body, resource);
  } catch (err) {
    if (err instanceof BodyFormatError) throw badRequest(err.message, err.details);
    throw err;
  }
  return ingestRaw(ctx, resource, records);
}

async function rowsFor(
  ctx: Ctx,
  resource: Resource,
  valid: Valid<unknown>[],
  errors: RecordError[],
): Promise<Record<string, unknown>[]> {
  switch (resource) {
    case "customers":
      return (valid as Valid<CustomerRecord>[]).map((v) => customerRow(v.record));
    case "accounts":
      return accountRows(ctx, valid as Valid<AccountRecord>[], errors);
    case "transactions":
      return transactionRows(ctx, valid as Valid<TransactionRecord>[], errors);
    case "agents":
      return agentRows(ctx, valid as Valid<AgentRecord>[], errors);
  }
}

export interface LinkRef {
  id?: string;
  externalId?: string;
  source: string;
}

/** Resolves "by id or by external id" links in one round of lookups (lending links loans the same way). */
export async function resolveLinks(
  ctx: Ctx,
  table: "customers" | "accounts",
  refs: LinkRef[],
): Promise<(ref: LinkRef) => upsert.LinkTarget | string> {
  const ids = [...new Set(refs.flatMap((r) => (r.id ? [r.id] : [])))];
  const keys = new Map<string, [string, string]>();
  for (const r of refs)
    if (r.externalId) keys.set(identityKey(r.source, r.externalId), [r.source, r.externalId]);
  const found = await upsert.findLinkTargets(ctx, table, ids, [...keys.values()]);
  const byId = new Map(found.map((t) => [t.id, t]));
  const byKey = new Map(found.map((t) => [identityKey(t.source, t.externalId), t]));
  const what = table === "customers" ? "customer" : "account";
  return (ref) => {
    if (!ref.id && !ref.externalId) return `${what}Id or ${what}ExternalId is required`;
    const viaId = ref.id ? byId.get(ref.id) : undefined;
    if (ref.id && !viaId) return `${what}Id: no ${what} ${ref.id}`;
    const viaKey = ref.externalId ? byKey.get(identityKey(ref.source, ref.externalId)) : undefined;
    if (ref.externalId && !viaKey) {
      return `${what}ExternalId: no ${what} with externalSource "${ref.source}" and externalId "${ref.externalId}"`;
    }
    if (viaId && viaKey && viaId.id !== viaKey.id) {
      return `${what}Id and ${what}ExternalId name different ${what}s`;
    }
    return (viaId ?? viaKey)!;
  };
}

async function accountRows(ctx: Ctx, valid: Valid<AccountRecord>[], errors: RecordError[]) {
  const ref = (r: AccountRecord): LinkRef => ({
    id: r.customerId,
    externalId: r.customerExternalId,
    source: r.customerExternalSource ?? r.externalSource,
  });
  const resolve = await resolveLinks(
    ctx,
    "customers",
    valid.map((v) => ref(v.record)),
  );
  const rows: Record<string, unknown>[] = [];
  const tick = yieldEvery(RECORDS_PER_SLICE);
  for (const v of valid) {
    await tick();
    const target = resolve(ref(v.record));
    if (typeof target === "string") errors.push({ index: v.index, message: target });
    else rows.push(accountRow(v.record, target.id));
  }
  return rows;
}

async function transactionRows(ctx: Ctx, valid: Valid<TransactionRecord>[], errors: RecordError[]) {
  const ref = (r: TransactionRecord): LinkRef => ({
    id: r.accountId,
    externalId: r.accountExternalId,
    source: r.accountExternalSource ?? r.externalSource,
  });
  const agentIds = [...new Set(valid.flatMap((v) => (v.record.agentId ? [v.record.agentId] : [])))];
  const [resolve, agents] = await Promise.all([
    resolveLinks(
      ctx,
      "accounts",
      valid.map((v) => ref(v.record)),
    ),
    upsert.findAgentsById(ctx, agentIds),
  ]);
  const knownAgents = new Set(agents.map((a) => a.agentId));
  const rows: Record<string, unknown>[] = [];
  const tick = yieldEvery(RECORDS_PER_SLICE);
  for (const v of valid) {
    await tick();
    const target = resolve(ref(v.record));
    if (typeof target === "string") errors.push({ index: v.index, message: target });
    else if (v.record.agentId && !knownAgents.has(v.record.agentId)) {
      errors.push({ index: v.index, message: `agentId: no agent "${v.record.agentId}"` });
    } else rows.push(transactionRow(v.record, { id: target.id, customerId: target.customerId! }));
  }
  return rows;
}

async function agentRows(ctx: Ctx, valid: Valid<AgentRecord>[], errors: RecordError[]) {
  const holders = await upsert.findAgentsById(
    ctx,
    valid.map((v) => v.record.agentId),
  );
  const holderOf = new Map(holders.map((h) => [h.agentId, h]));
  const claimed = new Map<string, number>();
  const rows: Record<string, unknown>[] = [];
  for (const v of valid) {
    const identity = agentIdentity(v.record);
    const holder = holderOf.get(v.record.agentId);
    const earlier = claimed.get(v.record.agentId);
    if (holder && (holder.source !== identity.externalSource || holder.externalId !== identity.externalId)) {
      errors.push({
        index: v.index,
        message: `agentId: "${v.record.agentId}" belongs to the agent with externalSource "${holder.source}" and externalId "${holder.externalId}"`,
      });
    } else if (earlier !== undefined) {
      errors.push({ index: v.index, message: `agentId: duplicate of record ${earlier}` });
    } else {
      claimed.set(v.record.agentId, v.index);
      rows.push(agentRow(v.record));
    }
  }
  return rows;
}
