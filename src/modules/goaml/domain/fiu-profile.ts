/**
 * An FIU profile: the code lists and settings one Financial Intelligence Unit expects in goAML
 * reports, kept as data per tenant (every FIU issues its own lists). GHANA_FIC_PROFILE is the
 * default. Each code says where it comes from: "reference" codes are enumerations of the
 * goAML 5.0.2 reference schema in test/fixtures/goaml (a UAE variant); "placeholder" codes
 * stand in until the tenant enters Ghana FIC's own lists, which the FIC issues on its goAML
 * portal and which are not public here.
 */
import { z } from "zod";
import { AML_RULES } from "../../aml/domain/rules";
import { SIGNAL_IDS } from "../../fraud/domain/catalog";
import { XSD_ENUMS } from "./xsd-enums";

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
    /** AML rule ids and fraud signal ids -> indicator codes (report_indicators). */
    indicatorMap: z.strictObject({
      amlRules: z.record(z.string(), z.array(CODE).max(10)),
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
    const ruleIds = new Set(AML_RULES.map((r) => r.ruleId));
    const signalIds = new Set(SIGNAL_IDS);
    const maps = [
      ["amlRules", p.indicatorMap.amlRules, ruleIds, "an AML rule id"],
      ["fraudSignals", p.indicatorMap.fraudSignals, signalIds, "a fraud signal id"],
    ] as const;
    for (const [key, map, ids, what] of maps) {
      for (const [id, codes] of Object.entries(map)) {
        if (!ids.has(id))
          ctx.addIssue({ code: "custom", path: ["indicatorMap", key, id], message: `not ${what}` });
        for (const [i, c] of codes.entries())
          check(indicators, c, ["indicatorMap", key, id, i], "indicators");
      }
    }
  });

export type FiuProfile = z.infer<typeof fiuProfileSchema>;

export interface ProfileIssue {
  path: string;
  message: string;
}

/** Validates a profile a tenant submits; issues name the field (`channels.cash.fundsCode`). */
export function validateFiuProfile(
  input: unknown,
): { ok: true; profile: FiuProfile } | { ok: false; issues: ProfileIssue[] } {
  const parsed = fiuProfileSchema.safeParse(input);
  if (parsed.success) return { ok: true, profile: parsed.data };
  return {
    ok: false,
    issues: parsed.error.issues.map((i) => ({
      path: i.path.map(String).join(".") || "(root)",
      message: i.message,
    })),
  };
}

/** The codes the report's indicators come from: the rules and signals that fired, in order, deduplicated. */
export function indicatorsFor(
  profile: FiuProfile,
  fired: { amlRuleIds?: string[]; fraudSignalIds?: string[] },
): string[] {
  const codes = [
    ...(fired.amlRuleIds ?? []).flatMap((id) => profile.indicatorMap.amlRules[id] ?? []),
    ...(fired.fraudSignalIds ?? []).flatMap((id) => profile.indicatorMap.fraudSignals[id] ?? []),
  ];
  return [...new Set(codes)];
}

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
