import type { Env } from "../../env";
import { sealAuditLogs } from "./chain";

/** Minute cron: chains the audit entries written since the last pass (chain.ts sealAuditLogs). */
export async function sealAuditLogsTask(env: Env): Promise<void> {
  await sealAuditLogs(env);
}
