import type { Env } from "../../../../env";

/**
 * The stalled exports and deletions behind the operator's figures. They are the offboarding
 * module's, and offboarding sits above admin (it exports and removes a tenant's control rows
 * through the admin tenants service), so admin does not import it: it calls this port, which
 * src/ports.ts fills once per isolate with offboarding/service.ts (docs/architecture.md#ports).
 */
export type StalledOffboarding = (
  env: Env,
  before: string,
  cap: number,
) => Promise<{ exports: number; deletions: number }>;

let stalled: StalledOffboarding | null = null;

export function provideStalledOffboarding(provided: StalledOffboarding | null): void {
  stalled = provided;
}

/** Running exports and deletions that saved nothing since `before` (at most `cap` of each). */
export function stalledOffboarding(
  env: Env,
  before: string,
  cap: number,
): Promise<{ exports: number; deletions: number }> {
  // Unfilled only when src/ports.ts was never imported: a wiring fault, not zero stalled jobs.
  if (!stalled) throw new Error("admin/stalled-jobs: offboarding port not filled (src/ports.ts)");
  return stalled(env, before, cap);
}
