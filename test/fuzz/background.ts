import type { BusyProbe } from "./snapshot";

/**
 * The queued work a 202 can leave running for the tenant, per module: what the fuzzer waits
 * out before the next request's write check (which the work would otherwise cross). Work whose
 * steps write nothing the snapshot compares (backtests keep their run in R2) needs no probe.
 */
export const BUSY_PROBES: readonly BusyProbe[] = [
  // A portfolio run drains in queue steps seconds apart.
  {
    name: "monitoring run in progress",
    sql: "SELECT COUNT(*) FROM monitoring_runs WHERE tenant_id = ?1 AND status = 'running'",
  },
  // Screening leases pending entities while it works on them.
  {
    name: "monitoring entity leased",
    sql: "SELECT COUNT(*) FROM monitoring_pending WHERE tenant_id = ?1 AND claim_token IS NOT NULL",
  },
];
