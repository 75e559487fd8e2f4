import { describe, expect, it } from "vitest";
import { EVENT_TYPES } from "../../src/modules/events/service";
import { call, createTenant, json } from "../harness";

interface EventTypeItem {
  type: string;
  description: string;
  component: string;
  dataSchema: { type?: string; properties?: Record<string, unknown>; required?: string[] };
}

describe("GET /v1/webhooks/event-types", () => {
  it("lists every emitted event type with its data schema", async () => {
    const t = await createTenant();
    const res = await call("GET", "/v1/webhooks/event-types", { key: t.key });
    expect(res.status).toBe(200);
    const { data } = await json<{ data: EventTypeItem[] }>(res);
    expect(data.map((d) => d.type).sort()).toEqual([...EVENT_TYPES].sort());
    const raised = data.find((d) => d.type === "fraud.alert_raised")!;
    expect(raised.component).toBe("FraudAlertRaisedEventData");
    expect(raised.dataSchema.type).toBe("object");
    expect(raised.dataSchema.required).toEqual(
      expect.arrayContaining([
        "alertId",
        "entityType",
        "entityId",
        "severity",
        "score",
        "ruleIds",
        "trigger",
      ]),
    );
  });
});
