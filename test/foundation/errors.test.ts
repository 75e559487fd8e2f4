import { describe, expect, it } from "vitest";
import { admin, call, createTenant, json } from "../harness";

interface ErrorBody {
  success: false;
  error: { code: string; message: string; details?: { path: string; message: string }[] };
  requestId: string;
}

describe("one error path", () => {
  it("answers validation failures with one detail per bad field", async () => {
    const res = await admin("POST", "/admin/tenants", {
      name: "",
      shard: -1,
      features: { agentNetwork: "yes" },
    });
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.success).toBe(false);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details?.map((d) => d.path).sort()).toEqual(["features.agentNetwork", "name", "shard"]);
    expect(body.requestId).toBe(res.headers.get("x-request-id"));
  });

  it("refuses unknown fields where they could be dangerous", async () => {
    const res = await admin("POST", "/admin/tenants", {
      name: "x",
      tenantId: "00000000-0000-4000-8000-000000000000",
    });
    expect(res.status).toBe(400);
  });

  it("answers malformed JSON with 400", async () => {
    const res = await admin("POST", "/admin/tenants", '{"name": ');
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.error.message).toMatch(/Malformed JSON/);
  });

  it("answers a wrong Content-Type with 415 and a missing one with a body with 415", async () => {
    const wrong = await call("POST", "/admin/tenants", {
      key: "test-admin-token-0123456789abcdef",
      body: "name=x",
      headers: { "content-type": "text/plain" },
    });
    expect(wrong.status).toBe(415);
    expect((await json<ErrorBody>(wrong)).error.code).toBe("unsupported_media_type");
    const missing = await call("POST", "/admin/tenants", {
      key: "test-admin-token-0123456789abcdef",
      body: JSON.stringify({ name: "x" }),
      headers: { "content-type": "" },
    });
    expect(missing.status).toBe(415);
  });

  it("answers bodies over 1 MiB with 413 and writes nothing", async () => {
    const before = await json<{ pagination: { total: number } }>(await admin("GET", "/admin/tenants"));
    const res = await admin("POST", "/admin/tenants", { name: "big", padding: "x".repeat(1024 * 1024) });
    expect(res.status).toBe(413);
    expect((await json<ErrorBody>(res)).error.code).toBe("payload_too_large");
    const after = await json<{ pagination: { total: number } }>(await admin("GET", "/admin/tenants"));
    expect(after.pagination.total).toBe(before.pagination.total);
  });

  it("answers unknown routes with the 404 envelope", async () => {
    const t = await createTenant();
    const res = await call("GET", "/v1/nothing-here", { key: t.key });
    expect(res.status).toBe(404);
    expect((await json<ErrorBody>(res)).error.code).toBe("not_found");
  });

  it("answers limit 501 with 400 and a message naming the field", async () => {
    const t = await createTenant();
    const res = await call("GET", "/v1/customers?limit=501", { key: t.key });
    expect(res.status).toBe(400);
    const body = await json<ErrorBody>(res);
    expect(body.error.details?.[0].path).toBe("limit");
  });

  it("answers an unknown enum value with 400", async () => {
    const t = await createTenant();
    const res = await call("GET", "/v1/customers?status=sleeping", { key: t.key });
    expect(res.status).toBe(400);
  });

  it("puts x-request-id on every response and echoes a sane inbound one", async () => {
    const health = await call("GET", "/health");
    expect(health.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const echoed = await call("GET", "/health", { headers: { "x-request-id": "client-req-12345" } });
    expect(echoed.headers.get("x-request-id")).toBe("client-req-12345");
  });

  it("never reads x-tenant-id and flags it deprecated", async () => {
    const a = await createTenant({ shard: 0 });
    const b = await createTenant({ shard: 1 });
    const res = await call("GET", "/v1/customers", { key: a.key, headers: { "x-tenant-id": b.id } });
    expect(res.status).toBe(200);
    expect(res.headers.get("deprecation")).toBe("true");
    const body = await json<{ data: { tenantId: string }[] }>(res);
    expect(body.data.every((c) => c.tenantId === a.id)).toBe(true);
  });

  it("serves liveness and the OpenAPI document without a key", async () => {
    expect((await call("GET", "/health")).status).toBe(200);
    const doc = await json<{ openapi: string; components: { securitySchemes: Record<string, unknown> } }>(
      await call("GET", "/v1/openapi.json"),
    );
    expect(doc.openapi).toBe("3.0.0");
    expect(Object.keys(doc.components.securitySchemes).sort()).toEqual(["AdminAuth", "ApiKeyAuth"]);
  });
});
