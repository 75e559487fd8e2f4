/**
 * An FIU profile: the code lists and settings one Financial Intelligence Unit expects in goAML
 * reports, kept as data per tenant (every FIU issues its own lists). GHANA_FIC_PROFILE is the
 * default. Each code says where it comes from: "reference" codes are enumerations of the
 * goAML 5.0.2 reference schema in test/fixtures/goaml (a UAE variant); "placeholder" codes
 * stand in until the tenant enters Ghana FIC's own lists, which the FIC issues on its goAML
 * portal and which are not public here.
 */
import { z } from "zod";
import { AML_RULES } from "../../detection/domain/aml/rules";
import {
  AML_TYPOLOGIES,
  type AmlTypology,
  BUILTIN_RULE_TYPOLOGY,
} from "../../detection/domain/aml/typologies";
import { SIGNAL_IDS } from "../../detection/domain/fraud/catalog";
import { XSD_ENUMS } from "./xsd-enums";

export const CTR_AGGREGATIONS = ["transaction", "subject_day", "subject_day_by_direction"] as const;
export type CtrAggregation = (typeof CTR_AGGREGATIONS)[number];

const CODE = z.string().regex(/^[A-Za-z0-9-]{1,10}$/, "1-10 letters, digits or '-'");
const codeEntry = z.strictObject({
  code: CODE,
  label: z.string().min(1).max(200),
  source: z.enum(["reference", "placeholder", "fiu"]),
});
export type FiuCode = z.infer<typeof codeEntry>;

/** How one of our transaction channels is reported: funds type and transmission mode. */
const channelCodes = z.strictObject({ fundsCode: CODE, transmodeCode: CODE });

export const fiuProfileSchema = z
  .strictObject({
    fiu: z.string().min(1).max(100),
    schemaVersion: z.literal("5.0.2"),
    currencyCodeLocal: z.string().regex(/^[A-Z]{3}$/),
    countryCode: z.string().regex(/^[A-Z]{2}$/),
    submissionCode: z.enum(["E", "M"]),
    reportCodes: z.strictObject({ str: CODE, ctr: CODE }),
    reportTypes: z.array(codeEntry).min(1).max(100),
    fundsTypes: z.array(codeEntry).min(1).max(200),
    transmodes: z.array(codeEntry).min(1).max(200),
    indicators: z.array(codeEntry).min(1).max(2000),
    /** Our channel (transactions.channel, lower case) -> codes; `default` for any other. */
    channels: z.record(z.string().regex(/^[a-z0-9_]{1,40}$/), channelCodes),
    ctr: z.strictObject({
      /** Cash deposits or withdrawals at or above this amount (minor units) are reported. */
      thresholdMinor: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
      channels: z.array(z.string().min(1).max(40)).min(1).max(20),
      indicatorCodes: z.array(CODE).min(1).max(20),
      /**
       * How cash adds up to the threshold (docs/methodology/goaml.md#ctr-run): `transaction` each
       * alone; `subject_day` a customer's deposits and withdrawals of the business day together;
       * `subject_day_by_direction` (absent: this, the Ghana reading) deposits and withdrawals
       * each summed per customer and day.
       */
      aggregation: z.enum(CTR_AGGREGATIONS).optional(),
    }),
    /**
     * Our account type and status (accounts.type / accounts.status, lower case) -> the schema's
     * account_type and account_status_type codes. An unmapped value is left empty, and the
     * validator names the field.
     */
    accounts: z.strictObject({
      types: z.record(z.string().regex(/^[a-z0-9_ -]{1,50}$/), CODE),
      statuses: z.record(z.string().regex(/^[a-z0-9_ -]{1,50}$/), CODE),
    }),
    /**
     * AML rule ids (built-in or the tenant's custom rules) and fraud signal ids -> indicator codes
     * (report_indicators). An AML rule without its own entry takes its typology's codes, then
     * `default` (docs/methodology/goaml.md#indicators).
     */
    indicatorMap: z.strictObject({
      amlRules: z.record(z.string().min(1).max(64), z.array(CODE).max(10)),
      typologies: z.partialRecord(z.enum(AML_TYPOLOGIES), z.array(CODE).min(1).max(10)).optional(),
      default: z.array(CODE).min(1).max(10).optional(),
      fraudSignals: z.record(z.string(), z.array(CODE).max(10)),
    }),
  })
  .superRefine((p, ctx) => {
    const known = (list: FiuCode[]) => new Set(list.map((c) => c.code));
    const check = (codes: Set<string>, code: string, path: (string | number)[], what: string) => {
      if (!codes.has(code)) ctx.addIssue({ code: "custom", path, message: `${code} is not one of ${what}` });
    };
    const reports = known(p.reportTypes);
    check(reports, p.reportCodes.str, ["reportCodes", "str"], "reportTypes");
    check(reports, p.reportCodes.ctr, ["reportCodes", "ctr"], "reportTypes");
    const funds = known(p.fundsTypes);
    const modes = known(p.transmodes);
    const indicators = known(p.indicators);
    if (!p.channels.default)
      ctx.addIssue({ code: "custom", path: ["channels"], message: "needs a default entry" });
    for (const [channel, c] of Object.entries(p.channels)) {
      check(funds, c.fundsCode, ["channels", channel, "fundsCode"], "fundsTypes");
      check(modes, c.transmodeCode, ["channels", channel, "transmodeCode"], "transmodes");
    }
    for (const [i, c] of p.ctr.indicatorCodes.entries()) {
      check(indicators, c, ["ctr", "indicatorCodes", i], "indicators");
    }
    const accountCodes = [
      ["types", XSD_ENUMS.account_type, "account_type"],
      ["statuses", XSD_ENUMS.account_status_type, "account_status_type"],
    ] as const;
    for (const [key, list, what] of accountCodes)
      for (const [ours, c] of Object.entries(p.accounts[key]))
        check(new Set(list), c, ["accounts", key, ours], what);
    // A code said to come from the reference schema must be in its list (test/fixtures/goaml).
    const referenceLists = [
      ["reportTypes", p.reportTypes, XSD_ENUMS.report_type],
      ["fundsTypes", p.fundsTypes, XSD_ENUMS.funds_type],
      ["transmodes", p.transmodes, XSD_ENUMS.conduction_type],
      ["indicators", p.indicators, XSD_ENUMS.report_indicator_type],
    ] as const;
    for (const [key, list, xsd] of referenceLists)
      for (const [i, c] of list.entries())
        if (c.source === "reference" && !(xsd as readonly string[]).includes(c.code))
          ctx.addIssue({
            code: "custom",
            path: [key, i, "source"],
            message: `${c.code} is not in the goAML 5.0.2 reference list; mark it "fiu" or "placeholder"`,
          });
    const signalIds = new Set(SIGNAL_IDS);
    for (const [id, codes] of Object.entries(p.indicatorMap.fraudSignals)) {
      if (!signalIds.has(id))
        ctx.addIssue({
          code: "custom",
          path: ["indicatorMap", "fraudSignals", id],
          message: "not a fraud signal id",
        });
      for (const [i, c] of codes.entries())
        check(indicators, c, ["indicatorMap", "fraudSignals", id, i], "indicators");
    }
    for (const [id, codes] of Object.entries(p.indicatorMap.amlRules))
      for (const [i, c] of codes.entries())
        check(indicators, c, ["indicatorMap", "amlRules", id, i], "indicators");
    for (const [typology, codes] of Object.entries(p.indicatorMap.typologies ?? {}))
      for (const [i, c] of (codes ?? []).entries())
        check(indicators, c, ["indicatorMap", "typologies", typology, i], "indicators");
    for (const [i, c] of (p.indicatorMap.default ?? []).entries())
      check(indicators, c, ["indicatorMap", "default", i], "indicators");
  });

export type FiuProfile = z.infer<typeof fiuProfileSchema>;

export interface ProfileIssue {
  path: string;
  message: string;
}

/** A rule that can open an AML case: a built-in, or a custom rule of the tenant's AML rule set. */
export interface CaseRule {
  ruleId: string;
  typology?: AmlTypology;
  /** false: the rule never opens a case, so it needs no indicator. */
  opensCase?: boolean;
}

export interface ProfileContext {
  /**
   * The tenant's custom AML rules the map may name, and whose indicators must resolve (those
   * that can open a case). Absent: only built-in ids are accepted.
   */
  customRules?: CaseRule[];
}

const BUILTIN_RULES: CaseRule[] = AML_RULES.map((r) => ({
  ruleId: r.ruleId,
  ...(BUILTIN_RULE_TYPOLOGY[r.ruleId] ? { typology: BUILTIN_RULE_TYPOLOGY[r.ruleId] } : {}),
}));

/**
 * Validates a profile a tenant submits; issues name the field (`channels.cash.fundsCode`). Beyond
 * the schema: every id in `indicatorMap.amlRules` is a built-in or one of `customRules`, and every
 * rule that can open a case resolves to at least one indicator (its id, its typology or `default`).
 */
export function validateFiuProfile(
  input: unknown,
  context: ProfileContext = {},
): { ok: true; profile: FiuProfile } | { ok: false; issues: ProfileIssue[] } {
  const rules = [...BUILTIN_RULES, ...(context.customRules ?? [])];
  const known = new Set(rules.map((r) => r.ruleId));
  const map = (input as { indicatorMap?: { amlRules?: unknown } } | null)?.indicatorMap?.amlRules;
  const issues: ProfileIssue[] = [];
  if (map && typeof map === "object")
    for (const id of Object.keys(map))
      if (!known.has(id))
        issues.push({
          path: `indicatorMap.amlRules.${id}`,
          message: "not an AML rule id (a built-in or a custom rule of the tenant's AML rule set)",
        });
  const parsed = fiuProfileSchema.safeParse(input);
  if (!parsed.success)
    return {
      ok: false,
      issues: [
        ...parsed.error.issues.map((i) => ({
          path: i.path.map(String).join(".") || "(root)",
          message: i.message,
        })),
        ...issues,
      ],
    };
  const profile = parsed.data;
  for (const rule of rules)
    if (rule.opensCase !== false && amlRuleIndicators(profile, rule).codes.length === 0)
      issues.push({
        path: `indicatorMap.amlRules.${rule.ruleId}`,
        message: `no indicator: map the rule, its typology (${rule.typology ?? "none"}) or set indicatorMap.default`,
      });
  return issues.length ? { ok: false, issues } : { ok: true, profile };
}

/**
 * The indicator codes of one AML rule: its own entry, else its typology's (a built-in's from the
 * catalog, a custom rule's from its `typology`), else the profile's `default`; `via` says which.
 */
export function amlRuleIndicators(
  profile: FiuProfile,
  rule: CaseRule,
): { codes: string[]; via: "rule" | "typology" | "default" | "none" } {
  const own = profile.indicatorMap.amlRules[rule.ruleId];
  if (own?.length) return { codes: own, via: "rule" };
  const typology = rule.typology ?? BUILTIN_RULE_TYPOLOGY[rule.ruleId];
  const byTypology = typology ? profile.indicatorMap.typologies?.[typology] : undefined;
  if (byTypology?.length) return { codes: byTypology, via: "typology" };
  const fallback = profile.indicatorMap.default;
  if (fallback?.length) return { codes: fallback, via: "default" };
  return { codes: [], via: "none" };
}

/** The codes the report's indicators come from: the rules and signals that fired, in order, deduplicated. */
export function indicatorsFor(
  profile: FiuProfile,
  fired: { amlRules?: CaseRule[]; amlRuleIds?: string[]; fraudSignalIds?: string[] },
): string[] {
  const rules = [...(fired.amlRules ?? []), ...(fired.amlRuleIds ?? []).map((ruleId) => ({ ruleId }))];
  const codes = [
    ...rules.flatMap((r) => amlRuleIndicators(profile, r).codes),
    ...(fired.fraudSignalIds ?? []).flatMap((id) => profile.indicatorMap.fraudSignals[id] ?? []),
  ];
  return [...new Set(codes)];
}

/** The CTR aggregation in force (absent: the Ghana reading, per customer, day and direction). */
export const ctrAggregation = (profile: FiuProfile): CtrAggregation =>
  profile.ctr.aggregation ?? "subject_day_by_direction";

/** The schema's account type and status codes for one of our accounts ("" when unmapped). */
export function accountCodes(profile: FiuProfile, type: string | null, status: string | null) {
  return {
    accountType: profile.accounts.types[(type ?? "").toLowerCase()] ?? "",
    statusCode: profile.accounts.statuses[(status ?? "").toLowerCase()] ?? "",
  };
}

/** Funds type and transmission mode for one of our channels (`default` otherwise). */
export function codesForChannel(profile: FiuProfile, channel: string | null | undefined) {
  const key = (channel ?? "").toLowerCase();
  const codes = profile.channels[key] ?? profile.channels.default;
  if (!codes) throw new Error("FIU profile has no default channel codes");
  return codes;
}
