import { GraphQLError } from "graphql";
import { afterEach, describe, expect, it, vi } from "vitest";
import { AppError } from "../../lib/errors";
import { formatError } from "./errors";

const located = (original: Error) =>
  new GraphQLError(original.message, { path: ["customer"], originalError: original });

afterEach(() => vi.restoreAllMocks());

describe("formatError", () => {
  it("gives a service error its code (bad_request as BAD_USER_INPUT, with details)", () => {
    expect(formatError(located(new AppError("not_found", "Customer not found")), "r1")).toEqual({
      message: "Customer not found",
      path: ["customer"],
      extensions: { code: "NOT_FOUND" },
    });
    const bad = formatError(
      located(new AppError("bad_request", "Invalid arguments", [{ path: "limit", message: "Too big" }])),
      "r1",
    );
    expect(bad.extensions).toEqual({
      code: "BAD_USER_INPUT",
      details: [{ path: "limit", message: "Too big" }],
    });
  });

  it("answers anything unexpected without its message, and logs it with the request id", () => {
    // Restored after: unit files share their vitest worker (isolate: false in vitest.config.ts).
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    try {
      const out = formatError(located(new Error("D1_ERROR: no such column: secret_hash")), "req-42");
      expect(out).toEqual({
        message: "Internal server error",
        path: ["customer"],
        extensions: { code: "INTERNAL_SERVER_ERROR" },
      });
      expect(JSON.stringify(out)).not.toMatch(/secret_hash/);
      expect(log.mock.calls[0][0]).toMatch(/req-42.*secret_hash/);
    } finally {
      log.mockRestore();
    }
  });
});
