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

/**
 * The rescreen a rule-set publication asks for arrives on the queue a minute later
 * (RESCREEN_DELAY_SECONDS, src/modules/rules/service.ts), whatever the fuzzer is doing then: its
 * run, alerts and case entries crossed refused requests' write checks whenever the run took
 * longer than that minute (a loaded machine). Per kind, the tenant's live version that came from
 * a publication and has no rescreen run yet (`?1` the tenant id); the fuzzer starts that run at
 * once (POST /v1/monitoring/rescreens, one run per kind and version), so the delayed message
 * finds it and does nothing.
 */
export const DELAYED_RESCREENS_SQL = `SELECT h.kind AS kind FROM rule_set_heads h
  WHERE h.tenant_id = ?1
    AND EXISTS (SELECT 1 FROM rule_set_publications p
      WHERE p.tenant_id = h.tenant_id AND p.kind = h.kind AND p.version = h.live_version)
    AND NOT EXISTS (SELECT 1 FROM monitoring_runs r
      WHERE r.tenant_id = h.tenant_id AND r.occurrence = 'rescreen:' || h.kind || ':v' || h.live_version)`;
