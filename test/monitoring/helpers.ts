import { env } from "cloudflare:workers";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import { createTenant, shardRows, type TestTenant } from "../harness";

/** A tenant whose arrivals send no message: the test drives the screen job itself. */
export const quietTenant = (name: string) =>
  createTenant({ name, shard: 1, settings: { monitoring: { onArrival: false } } });

/** One delivery of the job the arrival sends (what the queue consumer runs). */
export const runScreenJob = (t: TestTenant) =>
  jobHandlers["monitoring.screen"](env, jobs.monitoringScreen(t.id));

/** One delivery of the network scan the drain requests (the queue runs it when it will). */
export const runNetworkJob = (t: TestTenant) =>
  jobHandlers["monitoring.network"](env, jobs.monitoringNetwork(t.id));

export interface PendingRow {
  entity_type: string;
  entity_id: string;
  generation: number;
  attempts: number;
  failed_at: string | null;
  claim_token: string | null;
}
export const pending = (t: TestTenant) =>
  shardRows<PendingRow>(t, "SELECT * FROM monitoring_pending WHERE tenant_id = ? ORDER BY entity_type", t.id);

export interface ScreeningRow {
  entity_type: string;
  entity_id: string;
  trigger: string;
  screenings: number;
  alerts: number;
}
export const screenings = (t: TestTenant, entityId: string) =>
  shardRows<ScreeningRow>(
    t,
    "SELECT * FROM monitoring_screenings WHERE tenant_id = ? AND entity_id = ?",
    t.id,
    entityId,
  );

export interface AlertRow {
  id: string;
  kind: string;
  trigger: string;
  severity: string;
  score: number | null;
  rule_ids: string;
  cases: string;
  rule_set_version: number;
}
export const alerts = (t: TestTenant, entityId: string) =>
  shardRows<AlertRow>(
    t,
    "SELECT * FROM monitoring_alerts WHERE tenant_id = ? AND entity_id = ? ORDER BY created_at, id",
    t.id,
    entityId,
  );

export const eventsOf = (t: TestTenant, type: string) =>
  shardRows<{ data: string }>(t, "SELECT data FROM events WHERE tenant_id = ? AND type = ?", t.id, type);
