/**
 * What goAML needs from the tenant's AML rule set and book: the custom rules an indicator map may
 * name (live and draft), the rule a case was opened by (with its typology), and our own accounts
 * a counterparty account number points to (docs/methodology/goaml.md#indicators).
 */
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest } from "../../../lib/errors";
import { BUILTIN_RULE_TYPOLOGY } from "../../detection/domain/aml/typologies";
import { getVersion, liveRuleSet, ruleSetFor } from "../../rules/service";
import type { OwnAccount } from "../domain/case-input";
import { amlRuleIndicators, type CaseRule, type FiuProfile } from "../domain/fiu-profile";
import type { InstitutionInput } from "../domain/parties";
import * as repo from "../repo";

type CustomLike = { ruleId: string; typology?: CaseRule["typology"]; opensCase?: boolean };

const asCaseRule = (r: CustomLike): CaseRule => ({
  ...(r.opensCase === false ? { opensCase: false } : {}),
  ruleId: r.ruleId,
  ...(r.typology ? { typology: r.typology } : {}),
});

/** The custom AML rules of the live version and the draft (if any): the ids a profile may map. */
export async function customCaseRules(ctx: TenantContext): Promise<CaseRule[]> {
  const live = await liveRuleSet(ctx, "aml");
  const draft = await ruleSetFor(ctx, "aml", "draft").catch(() => null);
  const byId = new Map<string, CaseRule>();
  for (const r of [...(draft?.content.custom ?? []), ...live.content.custom])
    byId.set(r.ruleId, asCaseRule(r));
  return [...byId.values()];
}

/**
 * The rule that opened a case: a built-in with its catalog typology, or the custom rule of the
 * rule-set version that opened it (the live one for cases from before versions were stamped).
 */
export async function caseRule(
  ctx: TenantContext,
  c: { ruleId: string; ruleSetVersion: number | null },
): Promise<CaseRule> {
  const builtin = BUILTIN_RULE_TYPOLOGY[c.ruleId];
  if (builtin) return { ruleId: c.ruleId, typology: builtin };
  const content =
    c.ruleSetVersion && c.ruleSetVersion > 0
      ? ((await getVersion(ctx, "aml", c.ruleSetVersion).catch(() => null))?.content ?? null)
      : (await liveRuleSet(ctx, "aml")).content;
  const rule = (content?.custom as CustomLike[] | undefined)?.find((r) => r.ruleId === c.ruleId);
  return rule ? asCaseRule(rule) : { ruleId: c.ruleId };
}

/** The case rule's indicator codes; none is a 400 naming the profile field to fill. */
export function caseIndicators(profile: FiuProfile, rule: CaseRule): string[] {
  const { codes } = amlRuleIndicators(profile, rule);
  if (codes.length === 0)
    throw badRequest("The goAML profile has no indicator for the case's rule", [
      {
        path: `profile.indicatorMap.amlRules.${rule.ruleId}`,
        message: `map the rule, its typology (${rule.typology ?? "none"}) or set indicatorMap.default with PUT /v1/goaml/profile`,
      },
    ]);
  return codes;
}

/** The counterparty accounts of these rows that are accounts of our own book, by number. */
export async function ownAccounts(
  ctx: TenantContext,
  rows: { counterpartyAccount: string | null }[],
  institution: InstitutionInput,
) {
  const numbers = [
    ...new Set(rows.flatMap((r) => (r.counterpartyAccount?.trim() ? [r.counterpartyAccount.trim()] : []))),
  ];
  const found = new Map<string, OwnAccount>(
    (await repo.accountsByExternalIds(ctx, numbers)).map((a) => [
      a.externalId,
      { accountName: a.name ?? a.externalId },
    ]),
  );
  return { institution, ownAccount: (n: string) => found.get(n) };
}
