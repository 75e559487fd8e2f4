import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AML_RULES } from "../../detection/domain/aml/rules";
import { BUILTIN_RULE_TYPOLOGY } from "../../detection/domain/aml/typologies";
import { SIGNAL_IDS } from "../../detection/domain/fraud/catalog";
import { amlRuleIndicators, codesForChannel, indicatorsFor, validateFiuProfile } from "./fiu-profile";
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

describe("indicators for every rule that can open a case", () => {
  const custom = [
    { ruleId: "two_large", typology: "large_cash" as const },
    { ruleId: "odd_one" },
    { ruleId: "quiet", opensCase: false },
  ];

  it("gives every built-in rule a typology", () => {
    for (const r of AML_RULES)
      expect([r.ruleId, BUILTIN_RULE_TYPOLOGY[r.ruleId]]).not.toEqual([r.ruleId, undefined]);
  });

  it("takes the rule's own entry, then its typology's, then the default", () => {
    const profile = {
      ...GHANA_FIC_PROFILE,
      indicatorMap: {
        ...GHANA_FIC_PROFILE.indicatorMap,
        amlRules: { ...GHANA_FIC_PROFILE.indicatorMap.amlRules, odd_one: ["ICANA"] },
      },
    };
    expect(amlRuleIndicators(profile, { ruleId: "AML-STR-002" })).toEqual({ codes: ["ML002"], via: "rule" });
    expect(amlRuleIndicators(profile, custom[0]!)).toEqual({ codes: ["FRQDW"], via: "typology" });
    expect(amlRuleIndicators(profile, custom[1]!)).toEqual({ codes: ["ICANA"], via: "rule" });
    expect(amlRuleIndicators(profile, { ruleId: "unmapped" })).toEqual({ codes: ["TAICE"], via: "default" });
    expect(indicatorsFor(profile, { amlRules: [custom[0]!, { ruleId: "AML-LCT-001" }] })).toEqual(["FRQDW"]);
  });

  it("accepts custom rule ids of the tenant's rule set in the map, and refuses others", () => {
    const profile = {
      ...GHANA_FIC_PROFILE,
      indicatorMap: {
        ...GHANA_FIC_PROFILE.indicatorMap,
        amlRules: { ...GHANA_FIC_PROFILE.indicatorMap.amlRules, two_large: ["ML002"] },
      },
    };
    expect(validateFiuProfile(profile, { customRules: custom }).ok).toBe(true);
    const refused = validateFiuProfile(profile);
    expect(refused.ok ? [] : refused.issues.map((i) => i.path)).toEqual(["indicatorMap.amlRules.two_large"]);
  });

  it("refuses a profile that leaves a case-opening rule without an indicator", () => {
    const { default: _d, typologies: _t, ...map } = GHANA_FIC_PROFILE.indicatorMap;
    const result = validateFiuProfile({ ...GHANA_FIC_PROFILE, indicatorMap: map }, { customRules: custom });
    // "quiet" never opens a case; the built-ins all have their own entries.
    expect(result.ok ? [] : result.issues.map((i) => i.path).sort()).toEqual([
      "indicatorMap.amlRules.odd_one",
      "indicatorMap.amlRules.two_large",
    ]);
  });

  it("refuses a code marked 'reference' that the reference list does not hold", () => {
    const result = validateFiuProfile({
      ...GHANA_FIC_PROFILE,
      indicators: [
        ...GHANA_FIC_PROFILE.indicators,
        { code: "ZZTOP", label: "Not in goAML", source: "reference" },
      ],
    });
    expect(result.ok ? [] : result.issues.map((i) => i.path)).toEqual([
      `indicators.${GHANA_FIC_PROFILE.indicators.length}.source`,
    ]);
  });
});

describe("xsd-enums.ts", () => {
  it("matches the XSD (regenerate with node scripts/goaml-enums.mjs)", () => {
    for (const [name, values] of Object.entries(XSD_ENUMS))
      expect([name, [...values]]).toEqual([name, xsdEnum(name)]);
  });
});
