import type { ListEntryRow, ListHistoryRow } from "../../db/shard/lists";
import { isExpired } from "./domain/entries";
import type { ListWithCount } from "./repo";

export const presentList = (row: ListWithCount) => ({
  listId: row.id,
  name: row.name,
  kind: row.kind,
  entryType: row.entryType,
  description: row.description,
  entryCount: row.entryCount,
  active: row.archivedAt === null,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  archivedAt: row.archivedAt,
});

export const presentEntry = (row: ListEntryRow, now: Date) => ({
  entryId: row.id,
  listId: row.listId,
  value: row.value,
  originalValue: row.originalValue,
  entityType: row.entityType,
  entityId: row.entityId,
  ruleId: row.ruleId,
  expiresAt: row.expiresAt,
  expired: isExpired(row.expiresAt, now),
  note: row.note,
  createdBy: row.createdBy,
  createdAt: row.createdAt,
});

export const presentHistory = (row: ListHistoryRow) => ({
  historyId: row.id,
  listId: row.listId,
  action: row.action,
  actor: { type: row.actorType, id: row.actorId },
  entryId: row.entryId,
  value: row.value,
  details: row.details ?? null,
  requestId: row.requestId,
  at: row.createdAt,
});
