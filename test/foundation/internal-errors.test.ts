import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/app";

describe("unexpected exceptions", () => {
  it("answer 500 with the envelope and no internals (message, stack, SQL)", async () => {
    const app = buildApp();
    app.get("/health/boom", () => {
      throw new Error("SQLITE_ERROR: no such column: secret_column in SELECT * FROM api_keys");
    });
    const res = await app.request("/health/boom", {}, env);
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toMatch(/SQLITE|secret_column|api_keys|at /);
    const body = JSON.parse(text);
    expect(body).toEqual({
      success: false,
      error: { code: "internal", message: "Internal server error" },
      requestId: res.headers.get("x-request-id"),
    });
  });
});
