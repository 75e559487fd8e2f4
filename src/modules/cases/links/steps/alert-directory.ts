import type { TenantContext } from "../../../../db/tenant-context";
import type { Scope } from "../../../../lib/scopes";

/**
 * The alert end of a link: the monitoring module stores the alerts, and it imports fraud and aml,
 * which import cases. So cases does not import monitoring (the module graph runs one way,
 * scripts/module-cycles.test.mjs): it calls this port, which src/ports.ts fills with monitoring's
 * alert reads once per isolate.
 */
export interface AlertDirectory {
  /** The tenant's alert of a kind `scopes` may read; a 404 `not_found` AppError otherwise. */
  assertReadable(ctx: TenantContext, alertId: string, scopes: readonly Scope[]): Promise<void>;
  /** Of `ids`, the tenant's alerts of a kind `scopes` may read. */
  readable(ctx: TenantContext, ids: readonly string[], scopes: readonly Scope[]): Promise<Set<string>>;
}

let directory: AlertDirectory | null = null;

/** Fills the port (src/ports.ts); null empties it (tests). */
export function provideAlertDirectory(provided: AlertDirectory | null): void {
  directory = provided;
}

/** The filled port; an empty one is a wiring error (fails closed: no alert is taken as readable). */
export function alertDirectory(): AlertDirectory {
  if (!directory) throw new Error("the alert directory port is not filled (src/ports.ts)");
  return directory;
}
