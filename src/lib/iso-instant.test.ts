import { describe, expect, it } from "vitest";
import { isoInstantMs } from "./iso-instant";
import { mulberry32 } from "./random";

describe("isoInstantMs: Date.parse's answer for every text", () => {
  it("reads stored instants (Date#toISOString) as Date.parse does", () => {
    const next = mulberry32(15);
    const min = Date.parse("0100-01-01T00:00:00.000Z");
    const max = Date.parse("9999-12-31T23:59:59.999Z");
    for (let i = 0; i < 20_000; i++) {
      const text = new Date(Math.floor(min + (next() / 2 ** 32) * (max - min))).toISOString();
      expect(isoInstantMs(text)).toBe(Date.parse(text));
    }
    for (const text of ["2024-02-29T23:59:59.999Z", "1970-01-01T00:00:00.000Z", "1969-12-31T23:59:59.999Z"])
      expect(isoInstantMs(text)).toBe(Date.parse(text));
  });

  it("falls back to Date.parse for other forms, impossible dates and early years", () => {
    for (const text of [
      "2026-02-30T00:00:00.000Z",
      "2026-13-01T00:00:00.000Z",
      "2026-04-31T10:00:00.000Z",
      "2026-01-01T24:00:00.000Z",
      "2026-01-01T10:60:00.000Z",
      "2026-01-01T10:00:60.000Z",
      "2026-00-10T10:00:00.000Z",
      "2026-01-00T10:00:00.000Z",
      "0050-06-01T12:00:00.000Z",
      "0000-01-01T00:00:00.000Z",
      "2026-0a-01T00:00:00.000Z",
      "2026-01-01T00:00:00.00aZ",
      "2026-01-01T00:00:00Z",
      "2026-01-01",
      "2026-01-01T00:00:00.000+01:00",
      "+012026-01-01T00:00:00.000Z",
      "-000001-01-01T00:00:00.000Z",
      "not a date at all, 24 ch",
      "",
    ])
      expect(isoInstantMs(text)).toBe(Date.parse(text));
  });
});
