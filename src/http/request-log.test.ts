import { describe, expect, it } from "vitest";
import { maskPath, requestLogLine } from "./request-log";

const base = { method: "GET", status: 200, ms: 3, tenantId: "t-1", keyId: "k-1", requestId: "r-1" };

describe("request log line", () => {
  it("logs the route pattern and the key id, never the raw path of a parameterised route", () => {
    const line = requestLogLine({
      ...base,
      matched: [
        { method: "ALL", path: "*" },
        { method: "ALL", path: "/v1/*" },
        { method: "GET", path: "/v1/agent-health/agents/:agentId" },
        { method: "GET", path: "/v1/agent-health/agents/:agentId" },
      ],
      path: "/v1/agent-health/agents/0244123456",
    });
    expect(line).toMatchObject({ route: "/v1/agent-health/agents/:agentId", keyId: "k-1", tenant: "t-1" });
    expect(JSON.stringify(line)).not.toContain("0244123456");
  });

  it("masks identifier-like segments when no route matched (404, or refused before the handler)", () => {
    const line = requestLogLine({
      ...base,
      status: 404,
      keyId: null,
      matched: [{ method: "ALL", path: "*" }],
      path: "/v1/agents/0244123456/x",
    });
    expect(line).toMatchObject({ route: null, path: "/v1/agents/:masked/x", keyId: null });
  });

  it("masks phone numbers, emails and long ids; keeps short words", () => {
    expect(maskPath("/v1/customers/ama@example.com")).toBe("/v1/customers/:masked");
    expect(maskPath("/v1/customers/+233-24-400-0001")).toBe("/v1/customers/:masked");
    expect(maskPath(`/v1/x/${"a".repeat(41)}`)).toBe("/v1/x/:masked");
    expect(maskPath("/v1/sme-health/summary")).toBe("/v1/sme-health/summary");
  });
});
