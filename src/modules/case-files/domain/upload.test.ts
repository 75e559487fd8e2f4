import { describe, expect, it } from "vitest";
import { allowedContentType, MAX_FILENAME_LENGTH, safeFilename } from "./upload";

describe("allowedContentType", () => {
  it("accepts listed types with parameters and any case", () => {
    expect(allowedContentType("application/pdf")).toBe("application/pdf");
    expect(allowedContentType("Text/Plain; charset=utf-8")).toBe("text/plain");
  });
  it("refuses active content and missing headers", () => {
    expect(allowedContentType("text/html")).toBeNull();
    expect(allowedContentType("image/svg+xml")).toBeNull();
    expect(allowedContentType(undefined)).toBeNull();
  });
});

describe("safeFilename", () => {
  it("keeps ordinary names", () => {
    expect(safeFilename("statement-2026_01.pdf")).toBe("statement-2026_01.pdf");
  });
  it("drops paths, quotes, control characters and leading dots", () => {
    expect(safeFilename("../../etc/passwd")).toBe("passwd");
    expect(safeFilename('a"b\r\nc.txt')).toBe("a_b_c.txt");
    expect(safeFilename("C:\\Users\\x\\.hidden.png")).toBe("hidden.png");
  });
  it("bounds the length and keeps the extension", () => {
    const name = safeFilename(`${"x".repeat(300)}.pdf`)!;
    expect(name.length).toBe(MAX_FILENAME_LENGTH);
    expect(name.endsWith(".pdf")).toBe(true);
  });
  it("refuses a name with nothing usable", () => {
    expect(safeFilename("...")).toBeNull();
    expect(safeFilename("")).toBeNull();
  });
});
