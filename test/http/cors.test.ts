import { describe, expect, it } from "vitest";
import { admin, call, createTenant, json } from "../harness";

const unique = () => crypto.randomUUID().slice(0, 8);

async function tenantWithOrigin(origin: string) {
  const t = await createTenant();
  const res = await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { allowedOrigins: [origin] } });
  expect(res.status).toBe(200);
  return t;
}

const preflight = (origin: string, method = "POST") =>
  call("OPTIONS", "/v1/fraud/cases", {
    headers: {
      origin,
      "access-control-request-method": method,
      "access-control-request-headers": "authorization, content-type, idempotency-key",
    },
  });

describe("CORS preflight (no key)", () => {
  it("answers an allowed origin with the methods, headers and max-age, without authentication", async () => {
    const origin = `https://dash-${unique()}.lender.example`;
    await tenantWithOrigin(origin);
    const res = await preflight(origin);
    expect(res.status).toBe(204);
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    expect(res.headers.get("access-control-allow-methods")).toContain("POST");
    const allowed = (res.headers.get("access-control-allow-headers") ?? "").toLowerCase();
    for (const h of ["authorization", "content-type", "idempotency-key", "if-none-match", "x-d1-bookmark"]) {
      expect(allowed).toContain(h);
    }
    expect(res.headers.get("access-control-max-age")).toBe("7200");
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    expect(res.headers.get("vary")).toContain("Origin");
  });

  it("gives an origin no tenant lists no Access-Control-* header", async () => {
    await tenantWithOrigin(`https://dash-${unique()}.lender.example`);
    const res = await preflight(`https://evil-${unique()}.example`);
    expect(res.status).toBe(204);
    expect([...res.headers.keys()].filter((k) => k.startsWith("access-control-"))).toEqual([]);
  });

  it("stops allowing an origin once the operator removes it", async () => {
    const origin = `https://dash-${unique()}.lender.example`;
    const t = await tenantWithOrigin(origin);
    expect((await preflight(origin)).headers.get("access-control-allow-origin")).toBe(origin);
    await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { allowedOrigins: [] } });
    expect((await preflight(origin)).headers.get("access-control-allow-origin")).toBeNull();
  });
});

describe("CORS on real responses", () => {
  it("allows the key's own tenant's origin and exposes the request id and rate-limit headers", async () => {
    const origin = `https://dash-${unique()}.lender.example`;
    const t = await tenantWithOrigin(origin);
    const res = await call("GET", "/v1/customers", { key: t.key, headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
    const exposed = (res.headers.get("access-control-expose-headers") ?? "").toLowerCase();
    for (const h of [
      "x-request-id",
      "ratelimit-limit",
      "ratelimit-remaining",
      "ratelimit-reset",
      "etag",
      "retry-after",
    ]) {
      expect(exposed).toContain(h);
    }
    expect(res.headers.get("access-control-allow-credentials")).toBeNull();
    // The exposed headers are there to read.
    expect(res.headers.get("x-request-id")).not.toBeNull();
    expect(Number(res.headers.get("ratelimit-remaining"))).toBeGreaterThanOrEqual(0);
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });

  it("does not allow an origin that only another tenant lists", async () => {
    const origin = `https://dash-${unique()}.lender.example`;
    await tenantWithOrigin(origin);
    const other = await createTenant();
    const res = await call("GET", "/v1/customers", { key: other.key, headers: { origin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("access-control-allow-origin")).toBeNull();
    expect(res.headers.get("vary")).toContain("Origin");
  });

  it("makes a 401 readable by a listed origin (no tenant known yet)", async () => {
    const origin = `https://dash-${unique()}.lender.example`;
    await tenantWithOrigin(origin);
    const res = await call("GET", "/v1/customers", { headers: { origin } });
    expect(res.status).toBe(401);
    expect(res.headers.get("access-control-allow-origin")).toBe(origin);
  });

  it("refuses wildcard, path and plain-http origins with a 400 naming the field", async () => {
    const t = await createTenant();
    for (const bad of ["*", "https://a.example/", "http://a.example", "https://*.a.example"]) {
      const res = await admin("PATCH", `/admin/tenants/${t.id}`, { settings: { allowedOrigins: [bad] } });
      expect(res.status, bad).toBe(400);
      const body = await json<{ error: { details: { path: string }[] } }>(res);
      expect(body.error.details[0].path).toMatch(/^settings\.allowedOrigins/);
    }
  });
});

describe("security headers", () => {
  it("sets nosniff, no-store and a deny-all CSP on API answers, errors included", async () => {
    const t = await createTenant();
    for (const res of [
      await call("GET", "/v1/customers", { key: t.key }),
      await call("GET", "/v1/customers"),
      await call("GET", "/v1/no-such-route", { key: t.key }),
    ]) {
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toBe("no-store");
      expect(res.headers.get("content-security-policy")).toContain("default-src 'none'");
    }
  });

  it("gives the docs page a CSP that loads only this origin and allows its one inline script by hash", async () => {
    const res = await call("GET", "/v1/docs");
    const csp = res.headers.get("content-security-policy") ?? "";
    const html = await res.text();
    const inline = html.match(/<script>([\s\S]*?)<\/script>/)?.[1] ?? "";
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(inline));
    const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(csp).toContain("default-src 'none'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//); // no outside host: the page works offline
    expect(csp).not.toContain("unsafe-eval");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});
