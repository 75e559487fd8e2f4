import { describe, expect, it } from "vitest";
import { csvField, toCsv } from "./csv";

describe("RFC 4180 CSV", () => {
  it("leaves plain fields alone and quotes commas, quotes and line breaks", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField(12.5)).toBe("12.5");
    expect(csvField(null)).toBe("");
    expect(csvField("a,b")).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField("two\nlines")).toBe('"two\nlines"');
    expect(csvField("cr\rhere")).toBe('"cr\rhere"');
  });
  it("neutralises cells a spreadsheet would run as a formula with a leading quote (OWASP)", () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField("+1+cmd|' /C calc'!A0")).toBe("'+1+cmd|' /C calc'!A0");
    expect(csvField("-2+3")).toBe("'-2+3");
    expect(csvField("@SUM(A1:A2)")).toBe("'@SUM(A1:A2)");
    expect(csvField("\t=1")).toBe("'\t=1");
    expect(csvField("\r=1")).toBe('"\'\r=1"');
    expect(csvField("a=b")).toBe("a=b");
  });
  it("leaves plain numbers readable, negative ones included", () => {
    expect(csvField("-12.50")).toBe("-12.50");
    expect(csvField(-12.5)).toBe("-12.5");
    expect(csvField(-1e-7)).toBe("-1e-7");
    expect(csvField("-")).toBe("'-");
  });
  it("ends every record with CRLF", () => {
    expect(toCsv(["a", "b"], [[1, "x,y"]])).toBe('a,b\r\n1,"x,y"\r\n');
  });
});

describe("BHI report CSV", async () => {
  const { bhiReportCsv, CSV_HEADER } = await import("./bhi-report");
  it("gives every row as many fields as the header", () => {
    const csv = bhiReportCsv({
      customer: { id: "c1" },
      bhi: {
        id: "r2",
        createdAt: "2026-01-02T00:00:00.000Z",
        bhiOverall: "45.00",
        bhiBand: "poor",
        trend: "declining",
        reasons: [
          {
            factor: "liquidity",
            score: 100,
            weight: 0.25,
            contribution: 25,
            direction: "positive",
            explanation: "a, b",
          },
        ],
      },
      history: [
        {
          id: "r2",
          recordedAt: "2026-01-02T00:00:00.000Z",
          bhiOverall: "45.00",
          bhiBand: "poor",
          trend: "declining",
          liquidityScore: "100.00",
          volatilityScore: "0.00",
          revenueStabilityScore: "100.00",
          expenseRatioScore: "0.00",
          paymentBehaviorScore: "0.00",
        },
      ],
    } as never);
    const lines = csv.split("\r\n").filter(Boolean);
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(CSV_HEADER.join(","));
    expect(lines[1].split(",")).toHaveLength(CSV_HEADER.length);
    expect(lines[2]).toBe(
      'component,c1,r2,2026-01-02T00:00:00.000Z,45.00,poor,declining,,,,,,liquidity,100.00,0.2500,25.00,positive,"a, b"',
    );
  });
});
