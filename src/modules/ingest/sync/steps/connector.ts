import type { ConnectorConfig } from "../../../../db/control-schema";
import type { Env } from "../../../../env";

/**
 * The tenant's connector a sync runs against (its password unsealed). Connectors are the admin
 * module's (control rows it stores sealed, and audits), and admin sits above ingest (its shard
 * service calls workflows, which reach ingest through bhi and lending), so ingest does not
 * import it: it calls this port, which src/ports.ts fills once per isolate with admin/connectors/service.ts
 * (docs/architecture.md#ports).
 */
export type ConnectorDirectory = (env: Env, tenantId: string, type: string) => Promise<ConnectorConfig>;

let directory: ConnectorDirectory | null = null;

export function provideConnectorDirectory(provided: ConnectorDirectory | null): void {
  directory = provided;
}

/** The tenant's connector of a type; `export` when none was configured (docs/contract.md#ingestion). */
export function connectorFor(env: Env, tenantId: string, type: string): Promise<ConnectorConfig> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not an unconfigured connector.
  if (!directory) throw new Error("ingest/sync: connector port not filled (src/ports.ts)");
  return directory(env, tenantId, type);
}
