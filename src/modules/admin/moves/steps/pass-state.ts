import type { TableMoveProgress, TenantMoveRow } from "../../../../db/control-schema";
import { TENANT_TABLES } from "../../../../db/tenant-table-list";
import type * as repo from "../repo";

/** What a move's units share: a new pass's position, the verification rule, the save. */

export const newPass = { tableIndex: 0, cursor: null, roundChanges: 0 };

/** Counts and content hashes agree on every table: the target holds exactly the source's rows. */
export const verified = (progress: Record<string, TableMoveProgress>) =>
  TENANT_TABLES.every((t) => {
    const p = progress[t];
    return p && p.sourceRows === p.targetRows && p.sourceHash === p.targetHash;
  });

export type Save = (patch: repo.MovePatch) => Promise<TenantMoveRow | undefined>;
