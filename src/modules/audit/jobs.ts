import type { Env } from "../../env";
import { sealAuditLogs } from "./chain/service";

/** Minute cron: chains the audit entries written since the last pass (chain/service.ts sealAuditLogs). */
export async function sealAuditLogsTask(env: Env): Promise<void> {
  await sealAuditLogs(env);
}
