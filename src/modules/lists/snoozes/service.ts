/**
 * Per-rule snoozes taken from a fraud or AML case (docs/decisions/alerts-and-snoozes.md#snoozes).
 * A snooze is an allowlist entry (entity + rule + expiry) in the tenant's system-managed list
 * "Case snoozes", so fraud and AML evaluation suppress it like any clearance. `snoozeFromCase`
 * is the one flow for both kinds: the kind's `CaseSnoozeTarget` finds the case and judges the
 * rule, `snoozeRule` writes the entry, and the target records `rule_snoozed` in the case's log.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { uuidV7 } from "../../../lib/crypto";
import { badRequest } from "../../../lib/errors";
import { tenantActor, tenantAuditInsert } from "../../audit/service";
import { isExpired } from "../domain/entries";
import type { EntityType } from "../domain/kinds";
import * as repo from "./repo";
import { MAX_SNOOZE_DAYS } from "./schemas";

/** The kind of case a snooze is taken from (the cases module's kinds, spelled here: lists imports no case code). */
type CaseKind = "fraud" | "aml";

export const CASE_SNOOZE_LIST_NAME = "Case snoozes";
const DAY_MS = 86_400_000;

/** The tenant's system list id: derived from the tenant, so concurrent first snoozes make one list. */
export async function caseSnoozeListId(tenantId: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`case-snoozes:${tenantId}`)),
  );
  digest[6] = (digest[6] & 0x0f) | 0x80; // version 8 (custom), RFC 9562
  digest[8] = (digest[8] & 0x3f) | 0x80;
  const hex = [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True for the system list: the generic list API refuses to change it (409). */
export const isCaseSnoozeList = async (ctx: TenantContext, listId: string) =>
  listId === (await caseSnoozeListId(ctx.tenantId));

/** One entry per case and rule: a second snooze of the same rule from the same case replaces it. */
const caseValuePrefix = (kind: CaseKind, caseId: string) => `${kind}-case:${caseId}:`;

export interface SnoozeInput {
  caseKind: CaseKind;
  caseId: string;
  entityType: EntityType;
  entityId: string;
  ruleId: string;
  until: string;
  reason: string;
}

/** 400 naming `until` unless it is in the future and at most MAX_SNOOZE_DAYS ahead. */
export function checkUntil(ctx: TenantContext, until: string): string {
  const at = Date.parse(until);
  const now = ctx.clock.now().getTime();
  if (!(at > now)) throw badRequest("Invalid snooze", [{ path: "until", message: "must be in the future" }]);
  if (at > now + MAX_SNOOZE_DAYS * DAY_MS)
    throw badRequest("Invalid snooze", [{ path: "until", message: `at most ${MAX_SNOOZE_DAYS} days ahead` }]);
  return new Date(at).toISOString();
}

export const presentSnooze = (row: repo.NewEntry & { id: string }, caseId: string, now: Date) => ({
  ruleId: row.ruleId as string,
  entityType: row.entityType as EntityType,
  entityId: row.entityId as string,
  until: row.expiresAt as string,
  reason: reasonOf(row.note ?? ""),
  caseId,
  listId: row.listId,
  entryId: row.id,
  active: !isExpired(row.expiresAt ?? null, now),
  createdAt: row.createdAt as string,
  createdBy: row.createdBy,
});

const notePrefix = (kind: CaseKind, caseId: string) => `Snoozed from ${kind} case ${caseId}: `;
const reasonOf = (note: string) => note.replace(/^Snoozed from (fraud|aml) case [0-9a-f-]+: /, "");

/**
 * Writes the snooze atomically: the system list on first use, the entry (replacing this case's
 * earlier snooze of the rule), the list history rows and the tenant audit entry, in one batch.
 */
export async function snoozeRule(ctx: TenantContext, input: SnoozeInput) {
  const until = checkUntil(ctx, input.until);
  const now = ctx.clock.now();
  const at = now.toISOString();
  const actor = tenantActor(ctx);
  const listId = await caseSnoozeListId(ctx.tenantId);
  const list = {
    id: listId,
    name: CASE_SNOOZE_LIST_NAME,
    kind: "allowlist" as const,
    entryType: "entity" as const,
    description:
      "System-managed: per-rule snoozes taken from fraud and AML cases (POST .../cases/{caseId}/snoozes). " +
      "Read-only through the lists API; each entry's note names its case.",
    createdBy: actor.id,
    createdAt: at,
    updatedAt: at,
    archivedAt: null,
  };
  const entry = {
    id: crypto.randomUUID(),
    listId,
    value: `${caseValuePrefix(input.caseKind, input.caseId)}${input.entityType}:${input.entityId}:${input.ruleId}`,
    originalValue: `${input.entityType}:${input.entityId}`,
    entityType: input.entityType,
    entityId: input.entityId,
    ruleId: input.ruleId,
    expiresAt: until,
    note: `${notePrefix(input.caseKind, input.caseId)}${input.reason}`,
    createdBy: actor.id,
    createdAt: at,
  };
  const meta = { actorType: actor.type, actorId: actor.id, requestId: ctx.requestId, createdAt: at };
  const snooze = presentSnooze(entry, input.caseId, now);
  await ctx.db.batch([
    ...repo.snoozeStatements(ctx, {
      list,
      listCreated: {
        ...meta,
        id: uuidV7(now),
        listId,
        action: "list.created",
        entryId: null,
        value: null,
        details: { name: list.name, system: true },
      },
      entry,
      removedId: uuidV7(now),
      added: {
        ...meta,
        id: uuidV7(now),
        listId,
        action: "entry.added",
        entryId: entry.id,
        value: entry.value,
        details: {
          entityType: entry.entityType,
          entityId: entry.entityId,
          ruleId: entry.ruleId,
          expiresAt: until,
          note: entry.note,
        },
      },
    }),
    // Not the reason: free text that may name a person, kept in the case's log sealed under its
    // customer's key (docs/decisions/security.md#erasure-model); the audit keeps who, what, until.
    tenantAuditInsert(ctx, {
      action: "case.rule_snoozed",
      target: { type: `${input.caseKind}_case`, id: input.caseId },
      after: { ...snooze, reason: undefined },
    }),
  ]);
  return snooze;
}

/** Undoes a snooze whose case-log entry could not be written (the removal is in the list history). */
export async function withdrawSnooze(ctx: TenantContext, snooze: { listId: string; entryId: string }) {
  const now = ctx.clock.now();
  const actor = tenantActor(ctx);
  await repo.removeEntry(ctx, snooze.listId, snooze.entryId, uuidV7(now), {
    actorType: actor.type,
    actorId: actor.id,
    requestId: ctx.requestId,
    createdAt: now.toISOString(),
  });
}

/** The snoozes taken from one case (active and expired), newest first. */
export async function caseSnoozes(ctx: TenantContext, caseKind: CaseKind, caseId: string) {
  const listId = await caseSnoozeListId(ctx.tenantId);
  const rows = await repo.entriesWithPrefix(ctx, listId, caseValuePrefix(caseKind, caseId));
  const now = ctx.clock.now();
  return rows.map((r) => presentSnooze(r, caseId, now));
}

// ---- the flow from a case, shared by both kinds ----------------------------------------------

export type CaseSnooze = ReturnType<typeof presentSnooze>;

/** Who took the snooze, as the case log records it. */
export interface SnoozeActor {
  actorType: "user" | "system";
  actorId: string;
  actorName: string | null;
  actorKeyId: string | null;
}

/**
 * What differs between fraud and AML cases (each module keeps its own tables): where the case
 * is, which rules it may snooze, and how its log records the snooze (fraud: an event through the
 * case's Durable Object; AML: an entry of aml_case_history).
 */
export interface CaseSnoozeTarget<C extends { entityType: string; entityId: string }, E> {
  kind: CaseKind;
  /** The case, or a 404 in the kind's words. */
  findCase(ctx: TenantContext, caseId: string): Promise<C>;
  /** Why this case may not snooze `ruleId` (the 400's message for `ruleId`), or null. */
  refuseRule(ctx: TenantContext, found: C, ruleId: string): Promise<string | null>;
  /** Appends `rule_snoozed` to the case's log; returns the entry as the API shows it. */
  recordSnooze(
    ctx: TenantContext,
    caseId: string,
    snooze: CaseSnooze,
    reason: string,
    actor: SnoozeActor,
  ): Promise<E>;
}

export interface CaseSnoozeRequest {
  ruleId: string;
  until: string;
  reason: string;
  actorId?: string;
  actorName?: string;
}

/** Snoozes the rule for the case's entity until `until`; a closed case may still snooze. */
export async function snoozeFromCase<C extends { entityType: string; entityId: string }, E>(
  ctx: TenantContext,
  target: CaseSnoozeTarget<C, E>,
  caseId: string,
  input: CaseSnoozeRequest,
  actorKeyId: string | null,
) {
  const found = await target.findCase(ctx, caseId);
  const refusal = await target.refuseRule(ctx, found, input.ruleId);
  if (refusal) throw badRequest("Unknown rule for this case", [{ path: "ruleId", message: refusal }]);
  const snooze = await snoozeRule(ctx, {
    caseKind: target.kind,
    caseId,
    entityType: found.entityType as EntityType,
    entityId: found.entityId,
    ruleId: input.ruleId,
    until: input.until,
    reason: input.reason,
  });
  try {
    const event = await target.recordSnooze(ctx, caseId, snooze, input.reason, {
      actorType: input.actorId ? "user" : "system",
      actorId: input.actorId ?? "api",
      actorName: input.actorName ?? null,
      actorKeyId,
    });
    return { snooze, event };
  } catch (error) {
    // The case log is the record of the decision: no snooze stays in force without its entry.
    await withdrawSnooze(ctx, snooze);
    throw error;
  }
}

/** The snoozes taken from the case, after checking it is the tenant's (404 otherwise). */
export async function listCaseSnoozes<C extends { entityType: string; entityId: string }>(
  ctx: TenantContext,
  target: CaseSnoozeTarget<C, unknown>,
  caseId: string,
) {
  await target.findCase(ctx, caseId);
  return caseSnoozes(ctx, target.kind, caseId);
}
