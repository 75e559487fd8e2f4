import { type SQL, sql } from "drizzle-orm";
import type { TenantScope } from "../../../../db/client";
import { tenantSql, tenantValue } from "../../../../db/tenant-tables";
import { jsonArrayChunks } from "../../../../lib/json-chunks";
import type { Target } from "../forecast/repo";

export interface EpisodeRow {
  agent_id: string;
  seq: number;
  closed_at: string | null;
}

export function episodesOf(scope: TenantScope, target: Target) {
  const filter =
    target.kind === "one"
      ? sql` AND agent_id = ${target.agentId}`
      : sql`${target.afterId === null ? sql`` : sql` AND agent_id > ${target.afterId}`} AND agent_id <= ${target.throughId}`;
  return scope.db.all<EpisodeRow>(sql`
    SELECT agent_id, seq, closed_at FROM agent_float_episodes WHERE ${tenantSql(scope)}${filter}`);
}

/**
 * Opens episode `seq` for each agent (only if its previous one is closed or it has none: a
 * refresh racing another cannot open one twice) and closes the open episodes of recovered agents.
 */
export function episodeStatements(
  scope: TenantScope,
  opens: { agentId: string; seq: number }[],
  closes: string[],
  at: string,
): SQL[] {
  const open = jsonArrayChunks(opens.map((o) => [o.agentId, o.seq])).map(
    (chunk) => sql`INSERT INTO agent_float_episodes (tenant_id, agent_id, seq, opened_at, closed_at)
      SELECT ${tenantValue(scope)}, json_extract(value, '$[0]'), json_extract(value, '$[1]'), ${at}, NULL
      FROM json_each(${chunk}) WHERE true
      ON CONFLICT (tenant_id, agent_id) DO UPDATE SET seq = excluded.seq, opened_at = excluded.opened_at, closed_at = NULL
      WHERE agent_float_episodes.closed_at IS NOT NULL`,
  );
  const close = jsonArrayChunks(closes).map(
    (chunk) => sql`UPDATE agent_float_episodes SET closed_at = ${at}
      WHERE ${tenantSql(scope)} AND closed_at IS NULL AND agent_id IN (SELECT value FROM json_each(${chunk}))`,
  );
  return [...open, ...close];
}
