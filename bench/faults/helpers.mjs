// Shared by the scenarios of bench/faults.mjs: tenants, batches, the checks they make through the API.

import { customersWithAccounts } from "../lib/server.mjs";
import { AtLeastOnceClient } from "./client.mjs";

export const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
/** Seconds since the scenario's SIGKILL (bench/faults.mjs sets ctx.killedAt), for "drained" figures. */
export const sinceKill = (ctx) => `${((Date.now() - ctx.killedAt) / 1000).toFixed(0)} s`;
const DRAIN_LIMIT_MS = 12 * 60_000;

/** Polls `check` every 2 s until it answers true or `limit` passes; answers whether it did. */
export async function until(check, limit = DRAIN_LIMIT_MS) {
  const end = Date.now() + limit;
  while (Date.now() < end) {
    if (await check()) return true;
    await sleep(2000);
  }
  return false;
}

export async function newTenant(
  ctx,
  name,
  { shard = 0, onArrival = false, accounts = 0, source = "f" } = {},
) {
  const created = await ctx.admin.must(ctx.svc.adminToken, "POST", "/admin/tenants", {
    name: `faults bench: ${name}`,
    shard,
    settings: { monitoring: { onArrival } },
  });
  const t = { id: created.tenant.id, key: created.apiKey.key, client: new AtLeastOnceClient(ctx.svc.url) };
  if (accounts > 0) {
    const records = customersWithAccounts(accounts, source);
    await t.client.must(t.key, "POST", "/v1/ingest/customers", records.customers);
    await t.client.must(t.key, "POST", "/v1/ingest/accounts", records.accounts);
  }
  return t;
}

/**
 * Batch `b` of `size` transactions dated within the last 29 days (the screening windows), 1 % of
 * them large cash deposits so that rules fire and cases open; `ownAccounts` gives each batch
 * accounts (and counterparties) of its own, so an entity's transactions arrive in one request.
 */
export const NOW = Date.now();
export const batch = (b, size, accounts, ownAccounts, source = "f") =>
  Array.from({ length: size }, (_, i) => {
    const account = ownAccounts ? (b * 20 + (i % 20)) % accounts : i % accounts;
    const large = i % 100 === 0;
    return {
      externalId: `T${b}-${i}`,
      externalSource: source,
      accountExternalId: `A${account}`,
      type: large || i % 3 ? "credit" : "debit",
      amount: large ? "60000.00" : `${(i % 5000) + 1}.00`,
      currency: "GHS",
      transactionDate: new Date(
        NOW - (((b * size + i) * 7919) % (29 * 86_400)) * 1000 - 60_000,
      ).toISOString(),
      channel: large || i % 2 ? "cash" : "mobile_money",
      counterpartyName: ownAccounts ? `Counterparty ${b}-${i % 5}` : `Counterparty ${i % 40}`,
    };
  });

export const total = async (t, path) =>
  ((body) => body.pagination?.total ?? body.total)(
    await t.client.must(t.key, "GET", `${path}${path.includes("?") ? "&" : "?"}limit=1`),
  );

export const auditChain = async (ctx, t) =>
  (await ctx.admin.must(ctx.svc.adminToken, "GET", `/admin/audit-log/verify?tenantId=${t.id}`)).valid;

export const monitoringStatus = async (t) =>
  (await t.client.must(t.key, "GET", "/v1/monitoring/status")).status;

/** Alerts of one kind for one entity beyond the first: a screening done twice into two alerts. */
export async function doubledAlerts(t) {
  const seen = new Map();
  let cursor = "";
  for (;;) {
    const page = await t.client.must(t.key, "GET", `/v1/monitoring/alerts?limit=200${cursor}`);
    for (const a of page.data) {
      const k = `${a.kind}|${a.entityType}|${a.entityId}`;
      seen.set(k, (seen.get(k) ?? 0) + 1);
    }
    if (!page.pagination.nextCursor) break;
    cursor = `&cursor=${encodeURIComponent(page.pagination.nextCursor)}`;
  }
  return {
    alerts: [...seen.values()].reduce((a, b) => a + b, 0),
    doubled: [...seen.values()].reduce((a, n) => a + n - 1, 0),
  };
}

/** Dead-lettered entities of the tenant, each with its last error (the explanation). */
export async function deadLetters(t) {
  const page = await t.client.must(t.key, "GET", "/v1/monitoring/dead-letters?limit=100");
  return page.data.map((d) => `${d.entityType} ${d.entityId}: ${d.lastError}`);
}

/** Sends numbered units with `workers` in parallel until the restart, then `after` more. */
export async function keepSending(ctx, workers, after, sendOne) {
  let next = 0;
  let afterRestart = 0;
  await Promise.all(
    Array.from({ length: workers }, async () => {
      while (!ctx.restarted || afterRestart < after) {
        const n = next++;
        const sentAfter = ctx.restarted;
        await sendOne(n);
        if (sentAfter) afterRestart++;
      }
    }),
  );
  return next;
}

export const SIZE = 500;

export const caseBody = (entity) => ({
  alertId: crypto.randomUUID(),
  entityType: "merchant",
  entityId: entity,
  severity: "high",
  overallScore: 70,
});

/** Webhook deliveries that ended dead, each with its last error. */
export async function deadDeliveries(t) {
  const page = await t.client.must(t.key, "GET", "/v1/webhooks/deliveries?status=dead&limit=100");
  return page.data.map((d) => `delivery ${d.id} (${d.eventType}): ${d.lastError ?? d.lastResponseStatus}`);
}
