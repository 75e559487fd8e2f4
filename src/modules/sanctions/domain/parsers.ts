/**
 * The official list formats, each read into SanctionsEntry records (docs/methodology/sanctions.md#lists).
 * Every parser answers the entries and the publication date the file states (null when the
 * format states none: the operator gives it with the upload).
 */
import { readCsvRows } from "./csv";
import { countryCode, parseDates } from "./fields";
import type { EntryKind, EntryName, SanctionsEntry } from "./types";
import { childrenNamed, childText, descendants, eachRecord, type XmlElement, XmlError } from "./xml";

export const LIST_FORMATS = [
  "un_xml",
  "ofac_sdn_xml",
  "ofac_sdn_csv",
  "eu_xml",
  "uk_xml",
  "national_csv",
] as const;
export type ListFormat = (typeof LIST_FORMATS)[number];

export interface ParsedList {
  publishedAt: string | null;
  entries: SanctionsEntry[];
}

export class ListFormatError extends Error {}

const joinName = (...parts: string[]) =>
  parts
    .map((p) => p.trim())
    .filter(Boolean)
    .join(" ");
const unique = <T>(xs: T[]) => [...new Set(xs)];

function entryOf(
  ref: string,
  kind: EntryKind,
  names: EntryName[],
  dates: string[],
  nationalities: string[],
  programs: string[],
  remarks: string,
): SanctionsEntry {
  const seen = new Set<string>();
  const kept = names.filter((n) => {
    const key = n.name.toLowerCase();
    if (!n.name || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return {
    ref,
    kind,
    names: kept,
    datesOfBirth: unique(dates),
    nationalities: unique(nationalities.map(countryCode).filter(Boolean)),
    programs: unique(programs.filter(Boolean)),
    remarks: remarks.trim(),
  };
}

/** Dates only as "YYYY-MM-DD" (a timestamp's date part). */
const dateOnly = (raw: string | undefined | null): string | null => {
  const m = raw?.match(/^(\d{4}-\d{2}-\d{2})/);
  return m ? (m[1] as string) : null;
};

/** The UN Security Council consolidated list (CONSOLIDATED_LIST, INDIVIDUAL / ENTITY records). */
function parseUn(xml: string): ParsedList {
  let publishedAt: string | null = null;
  const entries: SanctionsEntry[] = [];
  eachRecord(
    xml,
    ["INDIVIDUAL", "ENTITY"],
    (r) => {
      const person = r.name === "INDIVIDUAL";
      const primary = joinName(
        ...["FIRST_NAME", "SECOND_NAME", "THIRD_NAME", "FOURTH_NAME"].map((f) => childText(r, f)),
      );
      const aliases = childrenNamed(r, person ? "INDIVIDUAL_ALIAS" : "ENTITY_ALIAS").map(
        (a): EntryName => ({
          name: childText(a, "ALIAS_NAME"),
          strength: /low/i.test(childText(a, "QUALITY")) ? "weak" : "strong",
        }),
      );
      const dates = childrenNamed(r, "INDIVIDUAL_DATE_OF_BIRTH").flatMap((d) => {
        const date = childText(d, "DATE");
        if (date) return parseDates(date);
        const from = childText(d, "FROM_YEAR");
        const to = childText(d, "TO_YEAR");
        if (from && to) return parseDates(`${from} to ${to}`);
        return parseDates(childText(d, "YEAR"));
      });
      const nationalities = descendants(r, "NATIONALITY").flatMap((n) =>
        childrenNamed(n, "VALUE").map((v) => v.text),
      );
      entries.push(
        entryOf(
          childText(r, "REFERENCE_NUMBER") || childText(r, "DATAID"),
          person ? "person" : "organisation",
          [{ name: primary, strength: "primary" }, ...aliases],
          dates,
          nationalities,
          [childText(r, "UN_LIST_TYPE")],
          childText(r, "COMMENTS1"),
        ),
      );
    },
    (name, attrs) => {
      if (name === "CONSOLIDATED_LIST") publishedAt = dateOnly(attrs.dateGenerated);
    },
  );
  return { publishedAt, entries };
}

const OFAC_KINDS: Record<string, EntryKind> = {
  individual: "person",
  entity: "organisation",
  vessel: "vessel",
  aircraft: "aircraft",
};

/** "LAST, First" as OFAC writes individuals, turned to "First LAST". */
const ofacName = (last: string, first: string) => joinName(first, last);

/** The OFAC SDN list in XML (sdnList / sdnEntry). */
function parseOfacXml(xml: string): ParsedList {
  let publishedAt: string | null = null;
  const entries: SanctionsEntry[] = [];
  eachRecord(xml, ["sdnEntry", "publshInformation"], (r) => {
    if (r.name === "publshInformation") {
      publishedAt = parseUsDate(childText(r, "Publish_Date"));
      return;
    }
    const akas = descendants(r, "aka").map(
      (a): EntryName => ({
        name: ofacName(childText(a, "lastName"), childText(a, "firstName")),
        strength: childText(a, "category").toLowerCase() === "weak" ? "weak" : "strong",
      }),
    );
    entries.push(
      entryOf(
        childText(r, "uid"),
        OFAC_KINDS[childText(r, "sdnType").toLowerCase()] ?? "other",
        [
          { name: ofacName(childText(r, "lastName"), childText(r, "firstName")), strength: "primary" },
          ...akas,
        ],
        descendants(r, "dateOfBirth").flatMap((d) => parseDates(d.text)),
        [...descendants(r, "nationality"), ...descendants(r, "citizenship")].map((n) =>
          childText(n, "country"),
        ),
        descendants(r, "program").map((p) => p.text.trim()),
        childText(r, "remarks"),
      ),
    );
  });
  return { publishedAt, entries };
}

/** "05/01/2024" (month first, as OFAC publishes) as "2024-05-01". */
function parseUsDate(raw: string): string | null {
  const m = raw.trim().match(/^(\d{1,2})\/(\d{1,2})\/(\d{4})$/);
  return m ? `${m[3]}-${(m[1] as string).padStart(2, "0")}-${(m[2] as string).padStart(2, "0")}` : null;
}

const OFAC_NULL = "-0-";
const ofacField = (v: string | undefined) => (v === undefined || v.trim() === OFAC_NULL ? "" : v.trim());

/**
 * The OFAC SDN list in CSV (sdn.csv: ent_num, SDN_Name, SDN_Type, Program, Title, Call_Sign,
 * Vess_type, Tonnage, GRT, Vess_flag, Vess_owner, Remarks; no header; "-0-" for empty). Aliases,
 * dates of birth and nationalities are read from the remarks ("a.k.a. 'X'", "DOB 10 Mar 1957",
 * "nationality Cuba"); a weak alias is written "a.k.a." too, so all are strong here.
 */
function parseOfacCsv(text: string): ParsedList {
  const rows = readCsv(text);
  const entries = rows
    .filter((r) => r.length >= 4 && /^\d+$/.test((r[0] ?? "").trim()))
    .map((r) => {
      const remarks = ofacField(r[11]);
      const [last, ...first] = ofacField(r[1]).split(",");
      const akas = [...remarks.matchAll(/[af]\.k\.a\.,? '([^']+)'/gi)].map((m) => {
        const [l, ...f] = (m[1] as string).split(",");
        return { name: ofacName(l ?? "", f.join(",")), strength: "strong" as const };
      });
      const dates = [...remarks.matchAll(/DOB ([^;.]+)/g)].flatMap((m) => parseDates(m[1] as string));
      const nats = [...remarks.matchAll(/(?:nationality|citizen) ([^;(.]+)/gi)].map((m) =>
        (m[1] as string).trim(),
      );
      const type = ofacField(r[2]).toLowerCase();
      return entryOf(
        (r[0] as string).trim(),
        type ? (OFAC_KINDS[type] ?? "other") : "organisation",
        [{ name: ofacName(last ?? "", first.join(",")), strength: "primary" }, ...akas],
        dates,
        nats,
        ofacField(r[3])
          .split(/\]\s*\[/)
          .map((p) => p.replace(/[[\]]/g, "").trim()),
        remarks,
      );
    });
  return { publishedAt: null, entries };
}

/** The EU consolidated financial sanctions list (export / sanctionEntity). */
function parseEu(xml: string): ParsedList {
  let publishedAt: string | null = null;
  const entries: SanctionsEntry[] = [];
  eachRecord(
    xml,
    ["sanctionEntity"],
    (r) => {
      const subject = r.children.find((c) => c.name === "subjectType")?.attrs.code ?? "";
      const names = childrenNamed(r, "nameAlias").map((a, i): EntryName => {
        const whole =
          a.attrs.wholeName ||
          joinName(a.attrs.firstName ?? "", a.attrs.middleName ?? "", a.attrs.lastName ?? "");
        const strength = a.attrs.strong === "false" ? "weak" : i === 0 ? "primary" : "strong";
        return { name: whole, strength };
      });
      const dates = childrenNamed(r, "birthdate").flatMap((b) =>
        parseDates(b.attrs.birthdate || b.attrs.year || ""),
      );
      const nats = childrenNamed(r, "citizenship").map(
        (c) => c.attrs.countryIso2Code || c.attrs.countryDescription || "",
      );
      const programs = childrenNamed(r, "regulation").map((g) => g.attrs.programme ?? "");
      entries.push(
        entryOf(
          r.attrs.euReferenceNumber || r.attrs.logicalId || "",
          subject === "person" ? "person" : subject === "enterprise" ? "organisation" : "other",
          names,
          dates,
          nats,
          programs,
          childText(r, "remark"),
        ),
      );
    },
    (name, attrs) => {
      if (name === "export") publishedAt = dateOnly(attrs.generationDate);
    },
  );
  return { publishedAt, entries };
}

const UK_KINDS: Record<string, EntryKind> = { individual: "person", entity: "organisation", ship: "vessel" };

/**
 * The UK consolidated list of financial sanctions targets (ArrayOfFinancialSanctionsTarget):
 * one row per name, rows of one target sharing a GroupID; "Primary Name" rows are the listed
 * name, the others aliases ("Low quality" ones weak). Dates of birth are day first.
 */
function parseUk(xml: string): ParsedList {
  const byGroup = new Map<string, XmlElement[]>();
  let publishedAt: string | null = null;
  eachRecord(
    xml,
    ["FinancialSanctionsTarget"],
    (r) => {
      const group = childText(r, "GroupID");
      byGroup.set(group, [...(byGroup.get(group) ?? []), r]);
    },
    (name, attrs, path) => {
      if (name === "#text" && path.at(-1) === "DateGenerated") publishedAt = dateOnly(attrs.text);
    },
  );
  const entries = [...byGroup].map(([group, rows]) => {
    const names = rows.map((r): EntryName => {
      const name = joinName(
        ...["Name1", "Name2", "Name3", "Name4", "Name5", "Name6"].map((f) => childText(r, f)),
      );
      const type = childText(r, "AliasType") || childText(r, "NameType");
      const strength = /primary/i.test(type)
        ? "primary"
        : /low/i.test(childText(r, "AliasQuality"))
          ? "weak"
          : "strong";
      return { name, strength };
    });
    names.sort((a, b) => Number(b.strength === "primary") - Number(a.strength === "primary"));
    const first = rows[0] as XmlElement;
    return entryOf(
      group,
      UK_KINDS[childText(first, "GroupTypeDescription").toLowerCase()] ?? "other",
      names,
      rows.flatMap((r) => parseDates(childText(r, "DOB"))),
      rows.flatMap((r) => childText(r, "Nationality").split(/[,;]/)),
      rows.map((r) => childText(r, "RegimeName")),
      childText(first, "OtherInformation"),
    );
  });
  return { publishedAt, entries };
}

/** The national list as CSV with a header (docs/methodology/sanctions.md#national-csv). */
export const NATIONAL_COLUMNS = [
  "reference",
  "type",
  "name",
  "aliases",
  "weak_aliases",
  "date_of_birth",
  "nationality",
  "program",
  "remarks",
] as const;

function parseNational(text: string): ParsedList {
  const [header, ...rows] = readCsv(text);
  const columns = (header ?? []).map((h) => h.trim().toLowerCase());
  for (const required of ["reference", "name"]) {
    if (!columns.includes(required)) throw new ListFormatError(`the header has no "${required}" column`);
  }
  const at = (row: string[], col: string) => (row[columns.indexOf(col)] ?? "").trim();
  const split = (v: string) =>
    v
      .split(";")
      .map((s) => s.trim())
      .filter(Boolean);
  const entries = rows
    .filter((r) => at(r, "reference") && at(r, "name"))
    .map((r) => {
      const type = at(r, "type").toLowerCase();
      return entryOf(
        at(r, "reference"),
        type === "person" || type === "individual" ? "person" : type ? "organisation" : "other",
        [
          { name: at(r, "name"), strength: "primary" },
          ...split(at(r, "aliases")).map((name) => ({ name, strength: "strong" as const })),
          ...split(at(r, "weak_aliases")).map((name) => ({ name, strength: "weak" as const })),
        ],
        split(at(r, "date_of_birth")).flatMap(parseDates),
        split(at(r, "nationality")),
        split(at(r, "program")),
        at(r, "remarks"),
      );
    });
  return { publishedAt: null, entries };
}

function readCsv(text: string): string[][] {
  try {
    return readCsvRows(text);
  } catch (err) {
    throw new ListFormatError(`not readable CSV: ${(err as Error).message}`);
  }
}

const PARSERS: Record<ListFormat, (text: string) => ParsedList> = {
  un_xml: parseUn,
  ofac_sdn_xml: parseOfacXml,
  ofac_sdn_csv: parseOfacCsv,
  eu_xml: parseEu,
  uk_xml: parseUk,
  national_csv: parseNational,
};

/** Reads a list file of `format`; a malformed file, or one without entries, is a ListFormatError. */
export function parseList(format: ListFormat, text: string): ParsedList {
  let parsed: ParsedList;
  try {
    parsed = PARSERS[format](text);
  } catch (err) {
    if (err instanceof XmlError) throw new ListFormatError(`not well-formed XML: ${err.message}`);
    throw err;
  }
  const entries = parsed.entries.filter((e) => e.ref && e.names.length > 0);
  if (entries.length === 0) throw new ListFormatError(`no entries were found for the format ${format}`);
  const refs = new Set<string>();
  for (const e of entries) {
    if (refs.has(e.ref)) throw new ListFormatError(`the reference ${e.ref} appears twice`);
    refs.add(e.ref);
  }
  return { publishedAt: parsed.publishedAt, entries };
}
