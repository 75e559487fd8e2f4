import type { RuleSetDraftRow, RuleSetPublicationRow, RuleSetVersionRow } from "../../db/shard/rules";

/** Rows to the API shapes of schemas.ts. */
export const presentDraft = (row: RuleSetDraftRow) => ({
  draftId: row.id,
  basedOnVersion: row.basedOnVersion,
  revision: row.revision,
  hash: row.contentHash,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  editors: row.editors,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  content: row.content,
});

export const presentVersionSummary = (row: Omit<RuleSetVersionRow, "content">) => ({
  version: row.version,
  hash: row.contentHash,
  basedOnVersion: row.basedOnVersion,
  fromDraftId: row.fromDraftId,
  createdBy: row.createdBy,
  updatedBy: row.updatedBy,
  publishedBy: row.publishedBy,
  createdAt: row.createdAt,
  publishedAt: row.publishedAt,
});

export const presentVersion = (row: RuleSetVersionRow) => ({
  ...presentVersionSummary(row),
  content: row.content,
});

export const presentPublication = (row: RuleSetPublicationRow) => ({
  publicationId: row.id,
  version: row.version,
  action: row.action,
  actorKeyId: row.actorKeyId,
  fromDraftId: row.fromDraftId,
  basedOnVersion: row.basedOnVersion,
  rolledBackTo: row.rolledBackTo,
  reason: row.reason,
  hash: row.contentHash,
  publishedAt: row.publishedAt,
});
