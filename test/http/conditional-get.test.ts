import { describe, expect, it } from "vitest";
import { openCase } from "../fraud/helpers";
import { call, createTenant } from "../harness";

describe("conditional GETs", () => {
  it("a single resource has an ETag; If-None-Match answers 304 with no body until it changes", async () => {
    const t = await createTenant();
    const fraudCase = await openCase(t);
    const path = `/v1/fraud/cases/${fraudCase.id}`;
    const first = await call("GET", path, { key: t.key });
    expect(first.status).toBe(200);
    const etag = first.headers.get("etag") ?? "";
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
    // Same bytes, same tag.
    expect((await call("GET", path, { key: t.key })).headers.get("etag")).toBe(etag);

    const unchanged = await call("GET", path, { key: t.key, headers: { "if-none-match": etag } });
    expect(unchanged.status).toBe(304);
    expect(await unchanged.text()).toBe("");
    expect(unchanged.headers.get("etag")).toBe(etag);
    // Weak comparison: a tag a proxy weakened (compression) still matches; lists and * too.
    expect((await call("GET", path, { key: t.key, headers: { "if-none-match": `W/${etag}` } })).status).toBe(
      304,
    );
    expect(
      (await call("GET", path, { key: t.key, headers: { "if-none-match": `"x", ${etag}` } })).status,
    ).toBe(304);

    const note = await call("POST", `/v1/fraud/cases/${fraudCase.id}/notes`, {
      key: t.key,
      body: { content: "checked the device", actorId: "a1" },
    });
    expect(note.status).toBe(201);
    const changed = await call("GET", path, { key: t.key, headers: { "if-none-match": etag } });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
  });

  it("another tenant's ETag reveals nothing: its request is a 404, not a 304", async () => {
    const a = await createTenant();
    const b = await createTenant();
    const fraudCase = await openCase(a);
    const path = `/v1/fraud/cases/${fraudCase.id}`;
    const etag = (await call("GET", path, { key: a.key })).headers.get("etag") ?? "";
    expect((await call("GET", path, { key: b.key, headers: { "if-none-match": etag } })).status).toBe(404);
  });

  it("a stale tag gets the full answer", async () => {
    const t = await createTenant();
    const res = await call("GET", "/v1/customers", { key: t.key, headers: { "if-none-match": '"stale"' } });
    expect(res.status).toBe(200);
    expect(res.headers.get("etag")).toMatch(/^"[0-9a-f]{32}"$/);
  });

  it("every tenant GET declares 304 and If-None-Match in the document", async () => {
    const { default: document } = await import("../../openapi.json");
    const paths = (
      document as unknown as {
        paths: Record<string, Record<string, { responses: object; parameters?: { name: string }[] }>>;
      }
    ).paths;
    const missing = Object.entries(paths)
      .filter(([p, m]) => p.startsWith("/v1/") && m.get)
      .filter(
        ([, m]) =>
          !("304" in m.get.responses) || !(m.get.parameters ?? []).some((x) => x.name === "If-None-Match"),
      )
      .map(([p]) => p);
    expect(missing).toEqual([]);
  });
});
