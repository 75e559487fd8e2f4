import { describe, expect, it } from "vitest";
import { csvRecord, headerProblems, parseCsvChunk } from "./csv";
import { csvColumns } from "./records";

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

describe("csvRecord and headerProblems against prototype pollution", () => {
  const header = ["externalId", "externalSource", "name", "__proto__.status", "__proto__.country"];
  const cells = ["C-1", "core", "Evil", "reversed", "KP"];

  it("never writes through __proto__, constructor or prototype headers", () => {
    const record = csvRecord(header, cells);
    const probe: Record<string, unknown> = {};
    expect(probe.status).toBeUndefined();
    expect(probe.country).toBeUndefined();
    expect(Object.keys(record)).toEqual(["externalId", "externalSource", "name"]);
    const other = csvRecord(["constructor.prototype", "prototype", "name"], ["x", "y", "n"]);
    expect(Object.keys(other)).toEqual(["name"]);
    expect(({} as Record<string, unknown>).prototype).toBeUndefined();
  });

  it("builds records and nested objects without a prototype", () => {
    const record = csvRecord(["name", "businessInfo.legalName", "businessInfo.taxId"], ["n", "L", "T"]);
    expect(Object.getPrototypeOf(record)).toBeNull();
    expect(Object.getPrototypeOf(record.businessInfo)).toBeNull();
    expect({ ...record, businessInfo: { ...(record.businessInfo as object) } }).toEqual({
      name: "n",
      businessInfo: { legalName: "L", taxId: "T" },
    });
  });

  it("names every header cell that is not a field of the resource or holds a forbidden key", () => {
    expect(headerProblems(header, csvColumns("customers"))).toEqual([
      { path: "header.__proto__.status", message: 'the key "__proto__" is not allowed anywhere in input' },
      { path: "header.__proto__.country", message: 'the key "__proto__" is not allowed anywhere in input' },
    ]);
    expect(
      headerProblems(
        ["name", "nickname", "businessInfo.legalName", "businessInfo.x", ""],
        csvColumns("customers"),
      ),
    ).toEqual([
      { path: "header.nickname", message: '"nickname" is not a field of this resource' },
      { path: "header.businessInfo.x", message: '"businessInfo.x" is not a field of this resource' },
    ]);
  });

  it("derives the columns from the record schemas, nested object fields as parent.child", () => {
    const customers = csvColumns("customers");
    expect(customers.has("businessInfo.legalName")).toBe(true);
    expect(customers.has("businessInfo")).toBe(false);
    expect(customers.has("tags")).toBe(true);
    expect(csvColumns("transactions").has("accountExternalId")).toBe(true);
    expect(csvColumns("agents").has("servesRegions")).toBe(true);
  });
});
