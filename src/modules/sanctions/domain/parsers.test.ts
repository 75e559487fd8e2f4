import { describe, expect, it } from "vitest";
import { countryCode, parseDates } from "./fields";
import { ListFormatError, parseList } from "./parsers";
import { eachRecord, XmlError } from "./xml";

// Vite reads the fixture files at transform time (src/db/table-ownership.test.ts declares the glob's type).
const files = import.meta.glob("../../../../test/fixtures/sanctions/*", {
  query: "?raw",
  import: "default",
  eager: true,
});
const fixture = (name: string) => files[`../../../../test/fixtures/sanctions/${name}`] as string;

describe("parseList", () => {
  it("reads the UN consolidated list", () => {
    const { publishedAt, entries } = parseList("un_xml", fixture("un-consolidated.xml"));
    expect(publishedAt).toBe("2026-11-02");
    expect(entries.map((e) => [e.ref, e.kind])).toEqual([
      ["QDi.901", "person"],
      ["CDi.902", "person"],
      ["KPe.901", "organisation"],
    ]);
    const [first] = entries;
    expect(first?.names).toEqual([
      { name: "MOHAMMED ABDEL RAHMAN AL-HASSAN", strength: "primary" },
      { name: "Muhammad Abdulrahman Hasan", strength: "strong" },
      { name: "Abu Hasan", strength: "weak" },
    ]);
    expect(first?.datesOfBirth).toEqual(["1971-03-02", "1972", "1973"]);
    expect(first?.nationalities).toEqual(["SY"]);
    expect(first?.programs).toEqual(["Al-Qaida"]);
    expect(first?.remarks).toBe("Financier & recruiter; ties to <QDe.901>");
    expect(entries[1]?.nationalities).toEqual(["GH"]);
  });

  it("reads the OFAC SDN list in XML", () => {
    const { publishedAt, entries } = parseList("ofac_sdn_xml", fixture("ofac-sdn.xml"));
    expect(publishedAt).toBe("2026-11-03");
    expect(entries[0]).toEqual({
      ref: "990001",
      kind: "person",
      names: [
        { name: "Viktor BOUTOV", strength: "primary" },
        { name: "Victor BUTOV", strength: "strong" },
        { name: "THE MERCHANT", strength: "weak" },
      ],
      datesOfBirth: ["1967-01-13"],
      nationalities: ["RU"],
      programs: ["SDGT", "RUSSIA-EO14024"],
      remarks: "",
    });
    expect(entries[1]?.kind).toBe("organisation");
  });

  it("reads the OFAC SDN list in CSV, aliases and dates from the remarks", () => {
    const { publishedAt, entries } = parseList("ofac_sdn_csv", fixture("ofac-sdn.csv"));
    expect(publishedAt).toBeNull();
    expect(entries.map((e) => e.kind)).toEqual(["person", "organisation", "vessel"]);
    expect(entries[0]?.names.map((n) => n.name)).toEqual(["Viktor BOUTOV", "Victor BUTOV", "THE MERCHANT"]);
    expect(entries[0]?.datesOfBirth).toEqual(["1967-01-13"]);
    expect(entries[0]?.nationalities).toEqual(["RU"]);
    expect(entries[0]?.programs).toEqual(["SDGT", "RUSSIA-EO14024"]);
  });

  it("reads the EU consolidated list", () => {
    const { publishedAt, entries } = parseList("eu_xml", fixture("eu-consolidated.xml"));
    expect(publishedAt).toBe("2026-11-04");
    expect(entries[0]?.ref).toBe("EU.900.1");
    expect(entries[0]?.names).toEqual([
      { name: "Mohammed Abdel Rahman Al-Hassan", strength: "primary" },
      { name: "Abou Hassan", strength: "weak" },
    ]);
    expect(entries[0]?.datesOfBirth).toEqual(["1971-03-02"]);
    expect(entries[1]).toMatchObject({ kind: "organisation", programs: ["PRK"] });
  });

  it("reads the UK consolidated list, one target per group", () => {
    const { publishedAt, entries } = parseList("uk_xml", fixture("uk-consolidated.xml"));
    expect(publishedAt).toBe("2026-11-05");
    expect(entries).toHaveLength(2);
    expect(entries[0]).toMatchObject({
      ref: "90901",
      kind: "person",
      names: [
        { name: "Kwabena Owusu ASANTE", strength: "primary" },
        { name: "Kobina ASANTE", strength: "strong" },
      ],
      datesOfBirth: ["1975", "1975-07-14"],
      nationalities: ["GH"],
    });
    expect(entries[1]).toMatchObject({ ref: "90902", kind: "organisation", remarks: "Gold trading." });
  });

  it("reads the national CSV", () => {
    const { entries } = parseList("national_csv", fixture("national.csv"));
    expect(entries[0]).toMatchObject({
      ref: "GH-2026-001",
      kind: "person",
      names: [
        { name: "Yaw Boateng Frimpong", strength: "primary" },
        { name: "Yao Frimpong", strength: "strong" },
        { name: "Y. B. Frimpong", strength: "strong" },
        { name: "Papa Yaw", strength: "weak" },
      ],
      datesOfBirth: ["1969-11-20"],
      nationalities: ["GH"],
    });
    expect(entries[0]?.remarks).toContain('"high risk"');
  });

  it("refuses a malformed file, an empty one and a repeated reference", () => {
    expect(() => parseList("un_xml", "<CONSOLIDATED_LIST><INDIVIDUAL></CONSOLIDATED_LIST>")).toThrow(
      ListFormatError,
    );
    expect(() => parseList("eu_xml", "<export/>")).toThrow(/no entries/);
    expect(() => parseList("national_csv", "name\nX")).toThrow(/reference/);
    expect(() => parseList("national_csv", "reference,name\nA,X\nA,Y")).toThrow(/twice/);
  });
});

describe("eachRecord", () => {
  it("reports self-closing records, entities and attribute quotes", () => {
    const names: string[] = [];
    eachRecord(`<a><r n='x &gt; y' m="1>2"/><r><n>&#65;&#x42;</n></r></a>`, ["r"], (r) =>
      names.push(r.attrs.n ?? r.children[0]?.text ?? ""),
    );
    expect(names).toEqual(["x > y", "AB"]);
    expect(() => eachRecord("<a><b></a>", ["r"], () => {})).toThrow(XmlError);
  });
});

describe("fields", () => {
  it("reads dates of birth in the lists' forms", () => {
    expect(parseDates("13 Jan 1967")).toEqual(["1967-01-13"]);
    expect(parseDates("Jan 1967")).toEqual(["1967-01"]);
    expect(parseDates("circa 1967")).toEqual(["1967"]);
    expect(parseDates("00/00/1975")).toEqual(["1975"]);
    expect(parseDates("1965 to 1967")).toEqual(["1965", "1966", "1967"]);
    expect(parseDates("unknown")).toEqual([]);
  });
  it("maps country names to codes", () => {
    expect(countryCode("Ghana")).toBe("GH");
    expect(countryCode("Côte d'Ivoire")).toBe("CI");
    expect(countryCode("Syrian Arab Republic")).toBe("SY");
    expect(countryCode("gh")).toBe("GH");
    expect(countryCode("Atlantis")).toBe("ATLANTIS");
  });
});

describe("readCsvRows", () => {
  it("reads quoted fields, doubled quotes, CRLF and skips blank lines", async () => {
    const { readCsvRows } = await import("./csv");
    expect(readCsvRows('\uFEFFa,"b,c","say ""hi"""\r\n\r\n1,,"x\ny"\n')).toEqual([
      ["a", "b,c", 'say "hi"'],
      ["1", "", "x\ny"],
    ]);
    expect(() => readCsvRows('a,"b')).toThrow(/not closed/);
  });
});
