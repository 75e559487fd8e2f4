import type { ControlDb } from "../../../db/client";
import { type ShardRegistryRow, shardRegistry } from "../../../db/control-schema";

/** The operator's rows of the shard registry (a handful: one per shard ever changed). */
export const registryRows = (db: ControlDb) => db.select().from(shardRegistry).all();

export const upsertRegistryRow = (db: ControlDb, row: ShardRegistryRow) =>
  db
    .insert(shardRegistry)
    .values(row)
    .onConflictDoUpdate({
      target: shardRegistry.shard,
      set: { state: row.state, notes: row.notes, updatedAt: row.updatedAt, updatedBy: row.updatedBy },
    });
