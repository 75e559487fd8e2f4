import { describe, expect, it } from "vitest";
import { allowedContentType, contentMismatch, MAX_FILENAME_LENGTH, safeFilename } from "./upload";

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

describe("contentMismatch", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  const text = (t: string) => new TextEncoder().encode(t);
  const html = text("<!doctype html><script>alert(1)</script>");

  it("accepts bytes that carry the declared type's signature", () => {
    expect(contentMismatch("image/png", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBeNull();
    expect(contentMismatch("image/jpeg", bytes(0xff, 0xd8, 0xff, 0xe0, 0))).toBeNull();
    expect(contentMismatch("application/pdf", text("%PDF-1.7\n"))).toBeNull();
    expect(contentMismatch("text/plain", text("\ufeffAkwaaba, Kofi — 12 GHS\r\n\tok"))).toBeNull();
    expect(contentMismatch("text/csv", text("id,amount\n1,20\n"))).toBeNull();
  });

  it("refuses HTML, or any other bytes, under an image or PDF type", () => {
    for (const type of ["image/png", "image/jpeg", "application/pdf"] as const) {
      expect(contentMismatch(type, html)).toMatch(/signature|%PDF/);
    }
    expect(contentMismatch("image/png", bytes(0x89, 0x50, 0x4e, 0x47))).not.toBeNull(); // truncated
    expect(
      contentMismatch("image/jpeg", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)),
    ).not.toBeNull();
  });

  it("refuses binary declared as text: invalid UTF-8, NUL and other controls", () => {
    expect(contentMismatch("text/plain", bytes(0x61, 0xff, 0x62))).toMatch(/UTF-8/);
    expect(contentMismatch("text/csv", bytes(0x61, 0x00, 0x62))).toMatch(/control/);
    expect(
      contentMismatch("text/plain", bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)),
    ).not.toBeNull();
  });
});
