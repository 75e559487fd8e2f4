import type { SQL } from "drizzle-orm";
import type { TenantScope } from "../../../db/client";
import { TABLE_SPECS } from "../domain/upsert-sql";
import * as repo from "./repo";

/**
 * The data module's write path: set-based upserts of customers, accounts, transactions and
 * agents, and the lookups that link incoming records to stored ones. Ingest and the connector
 * syncs call these; no other module writes the data tables.
 */
export type { LinkTarget } from "./repo";
export type UpsertTable = keyof typeof TABLE_SPECS;

/** Upserts the rows of one table in one batch (every row is written or none is); rows changed. */
export const upsertRows = (
  scope: TenantScope,
  table: UpsertTable,
  rows: Record<string, unknown>[],
  now: string,
  defaultCurrency: string,
): Promise<number> => repo.upsertRows(scope, TABLE_SPECS[table], rows, now, defaultCurrency);

/**
 * The same upsert answering `returning` (columns as stored) for each row inserted or changed, with
 * `before` first in its batch (flow classification's writes of the rows written before).
 */
export const upsertReturning = <Row>(
  scope: TenantScope,
  table: UpsertTable,
  rows: Record<string, unknown>[],
  now: string,
  defaultCurrency: string,
  returning: string,
  before?: SQL[],
): Promise<Row[]> =>
  repo.upsertReturning<Row>(scope, TABLE_SPECS[table], rows, now, defaultCurrency, returning, before);

/** Rows of this batch the upsert would insert (not yet stored by external identity): quota checks. */
export const countNewRows = (scope: TenantScope, table: UpsertTable, rows: Record<string, unknown>[]) =>
  repo.countNewRows(scope, TABLE_SPECS[table].table, rows);

export const findLinkTargets = repo.findLinkTargets;
export const findAgentsById = repo.findAgentsById;
