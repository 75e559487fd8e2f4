import { describe, expect, it } from "vitest";
import { csvRecord, parseCsvChunk } from "./csv";

describe("parseCsvChunk", () => {
  it("reads quoted commas, doubled quotes, CRLF and line breaks inside quotes", () => {
    const input = 'a,b\r\n"x, y","say ""hi"""\n"two\nlines",z';
    const { rows, consumed } = parseCsvChunk(input, true);
    expect(rows).toEqual([
      ["a", "b"],
      ["x, y", 'say "hi"'],
      ["two\nlines", "z"],
    ]);
    expect(consumed).toBe(input.length);
  });

  it("returns only complete rows when more input may follow, with the offset to resume from", () => {
    const input = 'a,b\n1,"open\nquote';
    const first = parseCsvChunk(input, false);
    expect(first.rows).toEqual([["a", "b"]]);
    expect(first.consumed).toBe(4);
    const rest = parseCsvChunk(`${input.slice(first.consumed)} closed"\n`, false);
    expect(rest.rows).toEqual([["1", "open\nquote closed"]]);
  });

  it("skips blank lines and keeps empty fields", () => {
    expect(parseCsvChunk("a,,c\n\n,,\n", true).rows).toEqual([
      ["a", "", "c"],
      ["", "", ""],
    ]);
  });

  it("refuses an unterminated quote at the end of the input", () => {
    expect(() => parseCsvChunk('a\n"oops', true)).toThrow(/unterminated/);
  });
});

describe("csvRecord", () => {
  it("drops empty cells, nests dotted headers and splits list fields", () => {
    expect(
      csvRecord(
        ["externalId", "email", "tags", "businessInfo.legalName", "businessInfo.taxId"],
        ["C1", "", "a; b", "Acme", ""],
      ),
    ).toEqual({ externalId: "C1", tags: ["a", "b"], businessInfo: { legalName: "Acme" } });
  });
});
