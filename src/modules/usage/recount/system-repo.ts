import { and, asc, eq, lt } from "drizzle-orm";
import { controlDb } from "../../../db/client";
import { tenantObjectRecounts } from "../../../db/control-schema";
import type { Env } from "../../../env";

/**
 * Running recounts of any tenant that saved nothing since `before`: their message was lost or
 * dead-lettered (the minute cron's sweep, src/jobs/resumes.ts; a partial index on running rows,
 * control migration 0012).
 */
export const stalledRecounts = (env: Env, before: string, limit: number) =>
  controlDb(env)
    .select()
    .from(tenantObjectRecounts)
    .where(and(eq(tenantObjectRecounts.status, "running"), lt(tenantObjectRecounts.updatedAt, before)))
    .orderBy(asc(tenantObjectRecounts.updatedAt))
    .limit(limit);
