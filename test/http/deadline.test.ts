import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import document from "../../openapi.json";
import { buildApp } from "../../src/app";
import { DEADLINE_RETRY_AFTER_SECONDS, deadlineMs } from "../../src/http/middleware/deadline";

/** The request deadline (src/http/middleware/deadline.ts), shrunk to 50 ms by env. */
const shortDeadline = { ...env, REQUEST_DEADLINE_MS: "50" };

describe("the request deadline", () => {
  it("answers a request still running at the deadline 503 with Retry-After, in the envelope", async () => {
    const app = buildApp();
    let finished = false;
    app.get("/health/slow", async (c) => {
      await new Promise((resolve) => setTimeout(resolve, 300));
      finished = true;
      return c.json({ late: true });
    });
    const started = Date.now();
    const res = await app.request(
      "/health/slow",
      { headers: { "x-request-id": "deadline-test-1" } },
      shortDeadline,
    );
    const waited = Date.now() - started;
    expect(res.status).toBe(503);
    expect(res.headers.get("Retry-After")).toBe(String(DEADLINE_RETRY_AFTER_SECONDS));
    expect(res.headers.get("x-request-id")).toBe("deadline-test-1");
    expect(await res.json()).toEqual({
      success: false,
      error: { code: "unavailable", message: expect.stringContaining("0.05 s") },
      requestId: "deadline-test-1",
    });
    expect(waited).toBeLessThan(300);
    expect(finished).toBe(false);
    // The handler is not cut: it finishes after the answer.
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect(finished).toBe(true);
  });

  it("leaves a request that answers in time alone", async () => {
    const res = await buildApp().request("/health", {}, shortDeadline);
    expect(res.status).toBe(200);
    expect(res.headers.get("Retry-After")).toBeNull();
  });

  it("is 30 s unless REQUEST_DEADLINE_MS is a positive integer", () => {
    expect(deadlineMs({})).toBe(30_000);
    expect(deadlineMs({ REQUEST_DEADLINE_MS: "0" })).toBe(30_000);
    expect(deadlineMs({ REQUEST_DEADLINE_MS: "2.5" })).toBe(30_000);
    expect(deadlineMs({ REQUEST_DEADLINE_MS: "250" })).toBe(250);
  });

  it("is declared on every operation of the document: 503 with Retry-After", () => {
    type Responses = Record<string, { headers?: Record<string, unknown> }>;
    const paths = (document as unknown as { paths: Record<string, Record<string, { responses: Responses }>> })
      .paths;
    const missing = Object.entries(paths).flatMap(([path, item]) =>
      Object.entries(item)
        .filter(([, op]) => !op.responses["503"]?.headers?.["Retry-After"])
        .map(([method]) => `${method.toUpperCase()} ${path}`),
    );
    expect(missing).toEqual([]);
  });
});
