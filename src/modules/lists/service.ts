/**
 * Tenant lists (docs/decisions/lists.md): high-risk countries, watchlists and allowlists.
 *
 * What other modules call (never the tables):
 * - `highRiskCountries(ctx)`: the union of the tenant's live high_risk_countries lists (ISO
 *   alpha-2, sorted, each once). The geography rule reads it instead of per-request input.
 * - `isAllowlisted(ctx, {entityType, entityId, ruleId, at})`: whether a live allowlist clears
 *   the entity for that rule (an entry with ruleId null clears every rule) and has not expired.
 * - `allowlistedEntities(ctx, {entityType, ruleIds, entityIds?, at})`: the same for a batch, in
 *   one statement: an `AllowlistedSet` answering `clears(entityId, ruleId)`.
 * - `listInfo(ctx, listId)`: kind, entry type and whether it is live (to validate a rule that
 *   names a list), `listValues(ctx, listId)`: a live list's normalized values.
 * - `listMembershipSql(ctx, listId, value, at)`: a drizzle `sql` fragment
 *   `EXISTS (SELECT 1 FROM list_entries ... WHERE <tenant> AND list_id = ? AND value = <value>)`
 *   for set-based custom rules; `value` is the caller's column normalized with
 *   `normalizedColumnSql(entryType, column)` (lower(trim(...)) for names, digits for phones, ...).
 *   An archived list, another tenant's list or an expired entry never matches.
 * - `normalizeName`, `normalizePhone`, `normalizeAccountNumber`, `normalizeCountry`: the same
 *   normalization on JavaScript values (re-exported from domain/normalize.ts).
 */
import type { SQL } from "drizzle-orm";
import type { TenantScope } from "../../db/client";
import type { PageRequest } from "../../db/keyset";
import type { TenantContext } from "../../db/tenant-context";
import { uuidV7 } from "../../lib/crypto";
import { badRequest, conflict, notFound } from "../../lib/errors";
import { presentPage } from "../../lib/pagination";
import { tenantActor, tenantAuditInsert } from "../audit/service";
import type { EntityType, EntryType, ListKind } from "./domain/kinds";
import { entryTypeFor, MAX_LISTS_PER_TENANT } from "./domain/kinds";
import * as entriesRepo from "./entries/repo";
import { presentHistory, presentList } from "./present";
import * as repo from "./repo";
import { isCaseSnoozeList } from "./snoozes/service";

export {
  normalizeAccountNumber,
  normalizeCountry,
  normalizeName,
  normalizePhone,
} from "./domain/normalize";

const iso = (d: Date) => d.toISOString();

export async function requireList(ctx: TenantContext, listId: string) {
  const row = await repo.findList(ctx, listId);
  if (!row) throw notFound("List");
  return row;
}

export const archivedConflict = () =>
  conflict("This list is archived: it no longer applies and cannot change");

/** A list the lists API may change: live, and not the system list of case snoozes. */
export async function requireChangeableList(ctx: TenantContext, listId: string) {
  const list = await requireList(ctx, listId);
  if (await isCaseSnoozeList(ctx, listId))
    throw conflict(
      "This list is system-managed: snoozes are taken from their case (POST .../cases/{caseId}/snoozes)",
    );
  if (list.archivedAt !== null) throw archivedConflict();
  return list;
}

function historyRow(ctx: TenantContext, listId: string, action: repo.NewHistory["action"], details: object) {
  const actor = tenantActor(ctx);
  const at = ctx.clock.now();
  return {
    id: uuidV7(at),
    listId,
    action,
    actorType: actor.type,
    actorId: actor.id,
    entryId: null,
    value: null,
    details: details as Record<string, unknown>,
    requestId: ctx.requestId,
    createdAt: iso(at),
  };
}

export async function createList(
  ctx: TenantContext,
  input: { name: string; kind: ListKind; entryType?: EntryType; description?: string },
) {
  const checked = entryTypeFor(input.kind, input.entryType);
  if (!checked.ok) throw badRequest("Invalid list", [{ path: "entryType", message: checked.message }]);
  // Made under this Idempotency-Key by an attempt whose answer was lost: that list, not a second.
  const earlier = ctx.idempotent?.createdId ? await repo.findList(ctx, ctx.idempotent.createdId) : undefined;
  if (earlier) return presentList(earlier);
  const now = iso(ctx.clock.now());
  const row = {
    id: crypto.randomUUID(),
    name: input.name,
    kind: input.kind,
    entryType: checked.entryType,
    description: input.description ?? null,
    createdBy: tenantActor(ctx).id,
    createdAt: now,
    updatedAt: now,
    archivedAt: null,
  };
  const list = presentList({ ...row, tenantId: ctx.tenantId, entryCount: 0 });
  const [inserted] = await ctx.db.batch([
    repo.insertListUnderCap(ctx, row, MAX_LISTS_PER_TENANT),
    repo.insertHistory(ctx, historyRow(ctx, row.id, "list.created", list), true),
    tenantAuditInsert(
      ctx,
      { action: "list.created", target: { type: "list", id: row.id }, after: list },
      { onlyIfChanged: true },
    ),
    ...(ctx.idempotent ? [ctx.idempotent.recordCreated(row.id)] : []),
  ]);
  if ((inserted as unknown as D1Result).meta.changes === 0) {
    throw conflict(
      `This tenant already has ${MAX_LISTS_PER_TENANT} live lists (its limit): archive one first`,
    );
  }
  return list;
}

export async function listLists(
  ctx: TenantContext,
  filter: { kind?: ListKind; includeArchived: boolean },
  page: PageRequest,
) {
  return presentPage(await repo.listLists(ctx, filter, page), presentList);
}

export const getList = async (ctx: TenantContext, listId: string) =>
  presentList(await requireList(ctx, listId));

/** Name and description only: a list's kind and entry type never change (its entries depend on them). */
async function changeList(
  ctx: TenantContext,
  listId: string,
  action: "list.updated" | "list.archived",
  patch: Partial<repo.NewList>,
) {
  const current = await requireChangeableList(ctx, listId);
  const before = presentList(current);
  const after = presentList({ ...current, ...patch });
  const [updated] = await ctx.db.batch([
    repo.updateLiveList(ctx, listId, patch),
    repo.insertHistory(ctx, historyRow(ctx, listId, action, { before, after }), true),
    tenantAuditInsert(
      ctx,
      { action, target: { type: "list", id: listId }, before, after },
      { onlyIfChanged: true },
    ),
  ]);
  // Archived between the read and the write (another request): nothing was written.
  if (updated.length === 0) throw archivedConflict();
  return after;
}

export const updateList = (
  ctx: TenantContext,
  listId: string,
  input: { name?: string; description?: string | null },
) => changeList(ctx, listId, "list.updated", { ...input, updatedAt: iso(ctx.clock.now()) });

/** Soft delete: the list stops applying at once; its entries and history stay readable. */
export async function archiveList(ctx: TenantContext, listId: string) {
  const now = iso(ctx.clock.now());
  await changeList(ctx, listId, "list.archived", { archivedAt: now, updatedAt: now });
}

export async function listHistory(ctx: TenantContext, listId: string, page: PageRequest) {
  await requireList(ctx, listId);
  return presentPage(await repo.listHistoryPage(ctx, listId, page), presentHistory);
}

// ---- reads for other modules -------------------------------------------------------------

export const highRiskCountries = (ctx: TenantContext): Promise<string[]> =>
  entriesRepo.liveValuesOfKind(ctx, "high_risk_countries");

/** highRiskCountries as a statement for the caller's D1 batch, and `decode` for its rows. */
export const highRiskCountriesRead = (ctx: TenantContext) => ({
  item: entriesRepo.liveValuesOfKindQuery(ctx, "high_risk_countries"),
  decode: (rows: ReadonlyArray<{ value: string }>) => rows.map((r) => r.value),
});

export async function isAllowlisted(
  ctx: TenantContext,
  query: { entityType: EntityType; entityId: string; ruleId: string; at?: Date },
): Promise<boolean> {
  const set = await allowlistedEntities(ctx, {
    entityType: query.entityType,
    entityIds: [query.entityId],
    ruleIds: [query.ruleId],
    at: query.at,
  });
  return set.clears(query.entityId, query.ruleId);
}

export interface AllowlistedSet {
  /** Each unexpired entry: ruleId null clears every rule. */
  entries: { entityId: string; ruleId: string | null }[];
  clears(entityId: string, ruleId: string): boolean;
}

type AllowlistQuery = { entityType: EntityType; ruleIds: string[]; entityIds?: string[]; at?: Date };

/**
 * The allowlist read as a statement, for a caller that sends it in its own D1 batch with its
 * other reads (fraud evaluation); `allowlistedSet` turns its rows into the answer.
 */
export const allowlistStatement = (ctx: TenantContext, query: AllowlistQuery) =>
  entriesRepo.allowlistMatches(ctx, { ...query, at: iso(query.at ?? ctx.clock.now()) });

export function allowlistedSet(
  rows: ReadonlyArray<{ entityId: string | null; ruleId: string | null }>,
): AllowlistedSet {
  const entries = rows.map((r) => ({ entityId: r.entityId as string, ruleId: r.ruleId }));
  const keys = new Set(entries.map((e) => `${e.entityId}\u0000${e.ruleId ?? ""}`));
  return {
    entries,
    clears: (entityId, ruleId) => keys.has(`${entityId}\u0000`) || keys.has(`${entityId}\u0000${ruleId}`),
  };
}

/** One statement for a batch of entities and rules (`entityIds` omitted: every cleared entity). */
export async function allowlistedEntities(
  ctx: TenantContext,
  query: AllowlistQuery,
): Promise<AllowlistedSet> {
  return allowlistedSet(await allowlistStatement(ctx, query));
}

export async function listInfo(ctx: TenantContext, listId: string) {
  const row = await repo.findList(ctx, listId);
  return row
    ? { listId: row.id, kind: row.kind, entryType: row.entryType, active: row.archivedAt === null }
    : null;
}

export const listValues = (ctx: TenantScope, listId: string): Promise<string[]> =>
  entriesRepo.liveListValues(ctx, listId);

export const listMembershipSql = (
  ctx: Pick<TenantContext, "tenantId">,
  listId: string,
  value: SQL,
  at: Date,
): SQL => entriesRepo.membershipSql(ctx, listId, value, iso(at));

export const normalizedColumnSql = (entryType: Exclude<EntryType, "entity">, column: SQL): SQL =>
  repo.normalizedColumnSql(entryType, column);
