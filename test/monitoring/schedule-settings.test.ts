import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { DEFAULT_ALERT_SCORE } from "../../src/modules/monitoring/domain/risk-score";
import { sweepStrandedPending } from "../../src/modules/monitoring/jobs";
import { ago, customerWith } from "../aml/helpers";
import { admin, call, createKey, createTenant, json, shardRows } from "../harness";
import { eventually } from "../webhooks/helpers";
import { pending } from "./helpers";

const smallTransfer = () => [{ amountMinor: 12_345, transactionDate: ago(1), channel: "mobile_money" }];

describe("monitoring settings", () => {
  it("GET answers the settings in force; PUT merges, validates (400 naming the field) and is audited", async () => {
    const t = await createTenant({ name: "Settings", shard: 1, settings: { timeZone: "Africa/Accra" } });
    const get = async () =>
      (await json<{ settings: unknown }>(await call("GET", "/v1/monitoring/settings", { key: t.key })))
        .settings;
    expect(await get()).toEqual({
      onArrival: true,
      alertScore: DEFAULT_ALERT_SCORE,
      schedule: { frequency: "daily", hour: 2, timeZone: "Africa/Accra", timeZoneFromTenant: true },
    });

    const put = (body: unknown, key = t.key) => call("PUT", "/v1/monitoring/settings", { key, body });
    const detailsOf = async (res: Response) => {
      expect(res.status).toBe(400);
      return (await json<{ error: { details: Array<{ path: string; message: string }> } }>(res)).error
        .details;
    };
    const fieldOf = async (res: Response) => (await detailsOf(res)).map((d) => d.path);
    expect(await fieldOf(await put({ schedule: { hour: 24 } }))).toEqual(["schedule.hour"]);
    expect(await fieldOf(await put({ schedule: { timeZone: "Mars/Olympus_Mons" } }))).toEqual([
      "schedule.timeZone",
    ]);
    expect(await fieldOf(await put({ schedule: { frequency: "weekly" } }))).toEqual(["schedule.frequency"]);
    expect(await fieldOf(await put({ alertScore: 101 }))).toEqual(["alertScore"]);
    expect(await fieldOf(await put({ alertScore: "high" }))).toEqual(["alertScore"]);
    // An unknown field is named in the message (the body's own issue).
    expect((await detailsOf(await put({ tenantId: "x", onArrival: true })))[0].message).toContain("tenantId");
    expect(await fieldOf(await put({}))).toEqual(["onArrival"]);
    const readOnly = await createKey(t.id, ["aml:read"]);
    expect((await put({ onArrival: false }, readOnly.key)).status).toBe(403);
    // Nothing was written by the refused requests.
    expect(await get()).toMatchObject({ onArrival: true, schedule: { hour: 2 } });

    const res = await put({ onArrival: false, schedule: { frequency: "hourly", timeZone: "Africa/Lagos" } });
    expect(res.status).toBe(200);
    expect((await json<{ settings: unknown }>(res)).settings).toEqual({
      onArrival: false,
      alertScore: DEFAULT_ALERT_SCORE,
      schedule: { frequency: "hourly", hour: 2, timeZone: "Africa/Lagos", timeZoneFromTenant: false },
    });
    // A schedule field left out keeps its value; a null zone follows the tenant's again.
    await put({ schedule: { hour: 5, timeZone: null }, alertScore: 40 });
    expect(await get()).toEqual({
      onArrival: false,
      alertScore: 40,
      schedule: { frequency: "hourly", hour: 5, timeZone: "Africa/Accra", timeZoneFromTenant: true },
    });
    const tenant = await json<{ tenant: { settings: { monitoring: unknown } } }>(
      await admin("GET", `/admin/tenants/${t.id}`),
    );
    expect(tenant.tenant.settings.monitoring).toEqual({
      onArrival: false,
      alertScore: 40,
      schedule: { frequency: "hourly", hour: 5, timeZone: null },
    });

    // The operator's PATCH merges the same way and validates the same fields.
    const patch = (schedule: unknown) =>
      admin("PATCH", `/admin/tenants/${t.id}`, { settings: { monitoring: { schedule } } });
    expect(await fieldOf(await patch({ hour: 30 }))).toEqual(["settings.monitoring.schedule.hour"]);
    expect((await patch({ hour: 7 })).status).toBe(200);
    expect(await get()).toMatchObject({ onArrival: false, schedule: { frequency: "hourly", hour: 7 } });

    const audit = await json<{ data: Array<{ actor: { type: string; id: string } }> }>(
      await call("GET", "/v1/audit-log?action=monitoring.settings_updated", { key: t.key }),
    );
    expect(audit.data).toHaveLength(2);
    expect(audit.data.every((e) => e.actor.type === "api_key" && e.actor.id === t.keyId)).toBe(true);
  });
});

describe("stranded pending sweep", () => {
  it("re-sends a screen job for pending rows nobody works on, once per tenant; leaves fresh rows and onArrival-off tenants", async () => {
    const lost = await createTenant({ name: "Lost message", shard: 1 });
    const fresh = await createTenant({ name: "Fresh", shard: 1 });
    const quiet = await createTenant({
      name: "Quiet",
      shard: 1,
      settings: { monitoring: { onArrival: false } },
    });
    // Direct inserts queue the entities (triggers) but send no message: a lost arrival message.
    const stranded = await customerWith(lost, smallTransfer());
    await customerWith(fresh, smallTransfer());
    await customerWith(quiet, smallTransfer());
    const fiveMinutesAgo = new Date(Date.now() - 5 * 60_000).toISOString();
    for (const t of [lost, quiet])
      await shardRows(
        t,
        "UPDATE monitoring_pending SET first_seen_at = ? WHERE tenant_id = ?",
        fiveMinutesAgo,
        t.id,
      );

    const swept = await sweepStrandedPending(env, new Date());
    expect(swept.filter((id) => id === lost.id)).toHaveLength(1);
    expect(swept).not.toContain(fresh.id);
    expect(swept).not.toContain(quiet.id);

    // The message reached the queue: the stranded entities get screened.
    const rows = await eventually(
      () => pending(lost),
      (r) => r.length === 0,
      20_000,
    );
    expect(rows).toEqual([]);
    const screened = await shardRows<{ trigger: string }>(
      lost,
      "SELECT trigger FROM monitoring_screenings WHERE tenant_id = ? AND entity_id = ?",
      lost.id,
      stranded.customerId,
    );
    expect(screened).toEqual([{ trigger: "arrival" }]);
    expect((await pending(quiet)).length).toBeGreaterThan(0);
  });
});
