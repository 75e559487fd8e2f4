import type { BatchItem } from "drizzle-orm/batch";
import { controlDb } from "../db/client";
import { jobDedupe, jobResumes, jobSlots } from "../db/control-schema";
import { tenantWhere } from "../db/tenant-tables";
import type { Env } from "../env";

/**
 * A deleted tenant's rows in the jobs tables (slots, dedupe keys, resume records), for the
 * batch that completes its deletion: by then none of its jobs runs (its rows are gone, and a
 * late message finds no tenant), so nothing takes a slot or a key again.
 */
export const jobRowsRemovalStatements = (env: Env, tenantId: string): BatchItem<"sqlite">[] => [
  controlDb(env).delete(jobSlots).where(tenantWhere({ tenantId }, jobSlots)),
  controlDb(env).delete(jobDedupe).where(tenantWhere({ tenantId }, jobDedupe)),
  controlDb(env).delete(jobResumes).where(tenantWhere({ tenantId }, jobResumes)),
];
