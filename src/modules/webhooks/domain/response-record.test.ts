import { describe, expect, it } from "vitest";
import { excerptFor, RESPONSE_EXCERPT_CHARS, sanitiseExcerpt } from "./response-record";

describe("receiver response excerpts", () => {
  it("keeps nothing of a non-2xx answer (or of no answer)", () => {
    expect(excerptFor(500, "internal: db password=hunter2")).toBeNull();
    expect(excerptFor(302, "moved")).toBeNull();
    expect(excerptFor(404, "<html>")).toBeNull();
    expect(excerptFor(null, "x")).toBeNull();
    expect(excerptFor(200, null)).toBeNull();
  });

  it("keeps at most 256 characters of a 2xx answer, without splitting a character", () => {
    expect(excerptFor(200, "thanks")).toBe("thanks");
    expect(excerptFor(204, "x".repeat(4096))).toBe("x".repeat(RESPONSE_EXCERPT_CHARS));
    const emoji = "😀".repeat(300);
    expect(Array.from(sanitiseExcerpt(emoji))).toHaveLength(RESPONSE_EXCERPT_CHARS);
    expect(sanitiseExcerpt(emoji)).not.toMatch(/[\ud800-\udbff]$/);
  });

  it("strips control characters and bidi overrides", () => {
    expect(sanitiseExcerpt("ok\r\n\u001b[31mred\u0000\u0085 \u202eevil\u2066x")).toBe("ok [31mred   evil x");
    expect(sanitiseExcerpt("\t\tline\n")).toBe("line");
  });
});
