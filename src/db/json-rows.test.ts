import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_JSON_PARAMETER_BYTES } from "../lib/json-chunks";
import { jsonRowsInsert, jsonRowsTemplate } from "./json-rows";
import { recordingD1, scopeOn } from "./recording-d1";
import { events, monitoringAlertRules, monitoringScreenings } from "./shard";

const utf8Bytes = (text: string) => new TextEncoder().encode(text).length;
const eventRows = jsonRowsTemplate(events);
const s = monitoringScreenings;
const screeningRows = jsonRowsTemplate(s, {
  upsert: {
    target: [s.tenantId, s.entityType, s.entityId],
    set: { screenedAt: "excluded", screenings: sql`${s.screenings} + 1` },
  },
});

const event = (i: number) => ({
  id: `e-${i}`,
  tenantId: "someone-else",
  type: "fraud.alert_raised",
  data: { i, note: "GH¢ 😀" },
  createdAt: "2026-01-01T00:00:00.000Z",
  dispatchedAt: null,
});

describe("jsonRowsTemplate", () => {
  it("binds only the scope's tenant and the JSON chunk to a text built once, the statement jsonRowsInsert builds", async () => {
    const { binding, sent } = recordingD1();
    const one = scopeOn(binding, "t-1");
    const two = scopeOn(binding, "t-2");
    const rows = [event(1), event(2)];
    await one.db.batch([...eventRows(one, rows), ...eventRows(two, [event(3)])] as never);
    expect(sent).toHaveLength(2);
    expect(sent[0].text).toBe(sent[1].text);
    expect(sent[0].text).toMatch(
      /^INSERT INTO "events" \(tenant_id, "id", "type", "data", "created_at", "dispatched_at"\)\s+SELECT \?, json_extract\(j.value, '\$\[0\]'\), .* FROM json_each\(\?\) j WHERE 1$/,
    );
    // The tenant is the scope's, never the row's; JSON columns serialised as Drizzle does.
    expect(sent.map((x) => x.values[0])).toEqual(["t-1", "t-2"]);
    expect(JSON.parse(sent[0].values[1] as string)).toEqual(
      rows.map((r) => [r.id, r.type, JSON.stringify(r.data), r.createdAt, null]),
    );
    const { sql: text, params } = one.db.all(jsonRowsInsert(one, events, rows)[0]).getQuery();
    expect(eventRows(one, rows)[0].toSQL()).toEqual({ sql: text, params });
  });

  it("one statement per JSON chunk, none for no rows", () => {
    const scope = scopeOn(recordingD1().binding, "t-1");
    const big = Array.from({ length: 30 }, (_, i) => ({ ...event(i), data: { text: "x".repeat(8_500) } }));
    const statements = eventRows(scope, big);
    expect(statements.length).toBeGreaterThan(3);
    for (const st of statements) {
      const { sql: text, params } = st.toSQL();
      expect(params).toHaveLength(2);
      expect(utf8Bytes(params[1] as string)).toBeLessThanOrEqual(MAX_JSON_PARAMETER_BYTES);
      expect(utf8Bytes(text)).toBeLessThan(1_000);
    }
    expect(statements.flatMap((st) => JSON.parse(st.toSQL().params[1] as string))).toHaveLength(30);
    expect(eventRows(scope, [])).toEqual([]);
  });

  it("an upsert's conflict target holds the tenant; the set takes excluded values and expressions", () => {
    const scope = scopeOn(recordingD1().binding, "t-1");
    const [upsert] = screeningRows(scope, [
      {
        entityType: "customer",
        entityId: "c-1",
        screenedAt: "2026-01-01",
        trigger: "arrival",
        screenings: 1,
      },
    ]);
    expect(upsert.toSQL().sql).toMatch(
      /WHERE 1 ON CONFLICT \("tenant_id", "entity_type", "entity_id"\) DO UPDATE SET "screened_at" = excluded."screened_at", "screenings" = "monitoring_screenings"."screenings" \+ 1$/,
    );
    expect(() =>
      jsonRowsTemplate(monitoringAlertRules, {
        upsert: {
          target: [monitoringAlertRules.alertId, monitoringAlertRules.ruleId],
          set: { severity: "excluded" },
        },
      }),
    ).toThrow(/must hold tenant_id/);
    expect(() =>
      jsonRowsTemplate(s, { upsert: { target: [s.tenantId, s.entityId], set: { tenantId: "excluded" } } }),
    ).toThrow(/cannot set tenantId/);
  });
});
