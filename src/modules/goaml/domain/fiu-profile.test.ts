import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AML_RULES } from "../../aml/domain/rules";
import { SIGNAL_IDS } from "../../fraud/domain/catalog";
import { codesForChannel, indicatorsFor, validateFiuProfile } from "./fiu-profile";
import { GHANA_FIC_PROFILE } from "./ghana-profile";
import { XSD_ENUMS } from "./xsd-enums";

const XSD = readFileSync("test/fixtures/goaml/goAMLSchema.xsd", "utf8");

/** The enumeration values of a simple type, read straight from the XSD. */
function xsdEnum(typeName: string): string[] {
  const start = XSD.indexOf(`<xs:simpleType name="${typeName}"`);
  const body = XSD.slice(start, XSD.indexOf("</xs:simpleType>", start));
  return [...body.matchAll(/<xs:enumeration value="([^"]*)"/g)].map((m) => m[1] as string);
}

describe("FIU profile", () => {
  it("accepts the Ghana default", () => {
    expect(validateFiuProfile(GHANA_FIC_PROFILE)).toEqual({ ok: true, profile: GHANA_FIC_PROFILE });
  });

  it("marks a code 'reference' exactly when the reference schema lists it", () => {
    const lists = [
      [GHANA_FIC_PROFILE.reportTypes, "report_type"],
      [GHANA_FIC_PROFILE.fundsTypes, "funds_type"],
      [GHANA_FIC_PROFILE.transmodes, "conduction_type"],
      [GHANA_FIC_PROFILE.indicators, "report_indicator_type"],
    ] as const;
    for (const [codes, type] of lists) {
      const known = xsdEnum(type);
      for (const c of codes)
        expect([c.code, known.includes(c.code)]).toEqual([c.code, c.source === "reference"]);
    }
  });

  it("maps every AML rule and every fraud signal to an indicator", () => {
    expect(Object.keys(GHANA_FIC_PROFILE.indicatorMap.amlRules).sort()).toEqual(
      AML_RULES.map((r) => r.ruleId).sort(),
    );
    expect(Object.keys(GHANA_FIC_PROFILE.indicatorMap.fraudSignals).sort()).toEqual([...SIGNAL_IDS].sort());
  });

  it("sets GHS and the GH¢50,000.00 cash threshold", () => {
    expect(GHANA_FIC_PROFILE.currencyCodeLocal).toBe("GHS");
    expect(GHANA_FIC_PROFILE.ctr.thresholdMinor).toBe(50_000 * 100);
    expect(codesForChannel(GHANA_FIC_PROFILE, "Cash")).toEqual({ fundsCode: "CASH", transmodeCode: "OCT" });
    expect(codesForChannel(GHANA_FIC_PROFILE, "something-else")).toEqual(GHANA_FIC_PROFILE.channels.default);
  });

  it("derives indicators from fired rules and signals, deduplicated", () => {
    const fired = {
      amlRuleIds: ["AML-STR-002", "AML-VEL-004"],
      fraudSignalIds: ["velocity_count", "unknown"],
    };
    expect(indicatorsFor(GHANA_FIC_PROFILE, fired)).toEqual(["ML002", "LOWBL"]);
  });

  it("refuses a broken profile with one issue per bad field", () => {
    const { default: _dropped, ...channels } = GHANA_FIC_PROFILE.channels;
    const result = validateFiuProfile({
      ...GHANA_FIC_PROFILE,
      currencyCodeLocal: "ghs",
      reportCodes: { str: "STR", ctr: "XCTR" },
      channels: { ...channels, cash: { fundsCode: "KASH", transmodeCode: "OCT" } },
      indicatorMap: {
        ...GHANA_FIC_PROFILE.indicatorMap,
        amlRules: { "AML-NOPE-1": ["ML002"], "AML-STR-002": ["ZZZ"] },
      },
      extra: true,
    });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    const paths = result.issues.map((i) => i.path);
    expect(paths).toContain("currencyCodeLocal");
    expect(paths).toContain("(root)");
    const refined = validateFiuProfile({
      ...GHANA_FIC_PROFILE,
      reportCodes: { str: "STR", ctr: "XCTR" },
      channels: { ...channels, cash: { fundsCode: "KASH", transmodeCode: "OCT" } },
      indicatorMap: {
        ...GHANA_FIC_PROFILE.indicatorMap,
        amlRules: { "AML-NOPE-1": ["ML002"], "AML-STR-002": ["ZZZ"] },
      },
    });
    expect(refined.ok).toBe(false);
    if (refined.ok) return;
    expect(refined.issues.map((i) => i.path).sort()).toEqual(
      [
        "reportCodes.ctr",
        "channels",
        "channels.cash.fundsCode",
        "indicatorMap.amlRules.AML-NOPE-1",
        "indicatorMap.amlRules.AML-STR-002.0",
      ].sort(),
    );
  });
});

describe("xsd-enums.ts", () => {
  it("matches the XSD (regenerate with node scripts/goaml-enums.mjs)", () => {
    for (const [name, values] of Object.entries(XSD_ENUMS))
      expect([name, [...values]]).toEqual([name, xsdEnum(name)]);
  });
});
