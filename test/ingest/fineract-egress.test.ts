import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { startSync } from "../../src/modules/ingest/sync/service";
import { admin, createTenant, json } from "../harness";
import { fakeFineract } from "./fineract-fixtures";

const fineract = (baseUrl: string) => ({
  provider: "fineract",
  baseUrl,
  tenantIdentifier: "default",
  username: "mifos",
  password: "password",
});

async function configuredTenant(baseUrl = "https://core.example/fineract-provider") {
  const t = await createTenant({ name: "Egress bank" });
  const res = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, fineract(baseUrl));
  expect(res.status).toBe(200);
  return { t, ctx: await loadTenantContext(env, t.id, "fineract-egress-test") };
}

/** A fetcher that records calls and answers with `respond`. */
function recording(respond: (init?: RequestInit) => Promise<Response>) {
  const calls: string[] = [];
  const fetcher = (async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push(String(input));
    return respond(init);
  }) as typeof fetch;
  return { calls, fetcher };
}

describe("Fineract connector egress rules", () => {
  it.each([
    ["http://core.example/fineract-provider", /https/],
    ["https://10.0.0.5/fineract-provider", /private/],
    ["https://169.254.169.254/latest", /link-local/],
    ["https://[::ffff:0:127.0.0.1]/", /loopback/],
    ["https://169.254.169.254.nip.io/", /wildcard-DNS|blocked range/],
    ["https://core.example:8080/fineract-provider", /port 8080/],
    ["https://metadata.google.internal/", /internal/],
  ])("refuses %s at configuration with 400 naming baseUrl", async (baseUrl, reason) => {
    const t = await createTenant();
    const res = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, fineract(baseUrl));
    expect(res.status).toBe(400);
    const body = await json<{ error: { code: string; details: { path: string; message: string }[] } }>(res);
    expect(body.error.code).toBe("bad_request");
    expect(body.error.details[0].path).toBe("baseUrl");
    expect(body.error.details[0].message).toMatch(reason);
  });

  it("accepts https on 443 or Fineract's 8443, and http://localhost outside production", async () => {
    const t = await createTenant();
    for (const baseUrl of [
      "https://core.example/fineract-provider",
      "https://core.example:8443/fineract-provider",
      "http://localhost:8443/fineract-provider", // the local fake (ENVIRONMENT test/development)
    ]) {
      const res = await admin("PUT", `/admin/tenants/${t.id}/connectors/core_banking`, fineract(baseUrl));
      expect(res.status).toBe(200);
    }
  });

  it("re-checks the stored URL before every request: a refused one fails the run and nothing is sent", async () => {
    const { t, ctx } = await configuredTenant();
    // A URL stored before the rules existed (written behind the API's back).
    await env.CONTROL_DB.prepare(
      "UPDATE connectors SET config = json_set(config, '$.baseUrl', ?) WHERE tenant_id = ?",
    )
      .bind("http://10.0.0.5:8080/fineract-provider", t.id)
      .run();
    const fake = fakeFineract({ clients: [], savings: [], transactions: {} });
    const run = await startSync(ctx, "core_banking", { fetcher: fake.fetcher });
    expect(run.status).toBe("failed");
    expect(run.errors[0]).toMatch(/baseUrl is refused: URL must use https/);
    expect(fake.requests).toEqual([]); // no Basic credentials went out
  });

  it("times out a connector that does not answer, as a failed run", async () => {
    const { ctx } = await configuredTenant();
    const never = recording(
      (init) =>
        new Promise<Response>((_, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    );
    const run = await startSync(ctx, "core_banking", { fetcher: never.fetcher, timeoutMs: 100 });
    expect(run.status).toBe("failed");
    expect(run.errors).toEqual(["Fineract GET /clients timed out after 100 ms"]);
  });

  it("stops reading an oversized answer and fails the run with a clear error", async () => {
    const { ctx } = await configuredTenant();
    const body = JSON.stringify({ pageItems: [], padding: "x".repeat(5000) });
    const big = recording(
      async () => new Response(body, { headers: { "content-type": "application/json" } }),
    );
    const run = await startSync(ctx, "core_banking", { fetcher: big.fetcher, maxResponseBytes: 1000 });
    expect(run.status).toBe("failed");
    expect(run.errors).toEqual(["Fineract GET /clients answered more than 1000 bytes; the run stopped"]);
    // The same answer under the cap is read.
    const ok = await startSync(ctx, "core_banking", { fetcher: big.fetcher, maxResponseBytes: body.length });
    expect(ok.errors).not.toContainEqual(expect.stringMatching(/more than/));
  });

  it("does not follow a redirect", async () => {
    const { ctx } = await configuredTenant();
    const redirect = recording(
      async () => new Response(null, { status: 302, headers: { location: "http://169.254.169.254/" } }),
    );
    const run = await startSync(ctx, "core_banking", { fetcher: redirect.fetcher });
    expect(run.status).toBe("failed");
    expect(run.errors[0]).toMatch(/redirect \(HTTP 302\); redirects are not followed/);
    expect(redirect.calls).toHaveLength(1);
  });

  it("a body that is not JSON fails the run with a message, not an internal error", async () => {
    const { ctx } = await configuredTenant();
    const html = recording(async () => new Response("<html>login</html>"));
    const run = await startSync(ctx, "core_banking", { fetcher: html.fetcher });
    expect(run.errors).toEqual(["Fineract GET /clients answered a body that is not JSON"]);
  });
});
