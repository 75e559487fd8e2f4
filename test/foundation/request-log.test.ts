import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { buildApp } from "../../src/app";
import { createTenant } from "../harness";

afterEach(() => vi.restoreAllMocks());

/** The request lines the app logs while serving one request. */
async function logged(path: string, key: string) {
  const lines: Record<string, unknown>[] = [];
  vi.spyOn(console, "log").mockImplementation((text: unknown) => {
    const line = JSON.parse(String(text)) as Record<string, unknown>;
    if (line.requestId) lines.push(line);
  });
  const res = await buildApp().request(path, { headers: { authorization: `Bearer ${key}` } }, env);
  vi.restoreAllMocks();
  return { res, lines };
}

describe("request log lines", () => {
  it("carry the route pattern and the key id, not the agentId (a phone number) in the path", async () => {
    const t = await createTenant({ features: { agentNetwork: true } });
    const { res, lines } = await logged("/v1/agent-health/0244123456", t.key);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatchObject({
      route: "/v1/agent-health/:agentId",
      status: res.status,
      tenant: t.id,
      keyId: t.keyId,
    });
    expect(JSON.stringify(lines[0])).not.toContain("0244123456");
  });

  it("refused before the handler (401), the line still names the route and hides the number", async () => {
    const { res, lines } = await logged("/v1/agent-health/0244123456", `csk_test_${"y".repeat(40)}`);
    expect(res.status).toBe(401);
    expect(lines[0]).toMatchObject({ route: "/v1/agent-health/:agentId", keyId: null, tenant: null });
    expect(JSON.stringify(lines[0])).not.toContain("0244123456");
  });
});
