import { guessedReads } from "../../../db/guessed-reads";
import type { TenantContext } from "../../../db/tenant-context";
import { badRequest, notFound } from "../../../lib/errors";
import { toIsoInstant } from "../../../lib/record-values";
import { grants, type Scope } from "../../../lib/scopes";
import { readsOf as amlReadsOf, evaluate as evaluateAml } from "../../aml/evaluation/service";
import type { ProposedTransactionRow } from "../../data/read-model";
import {
  evaluate as evaluateFraud,
  type FraudPreload,
  readsOf as fraudReadsOf,
} from "../../fraud/evaluation/service";
import { highRiskCountriesRead } from "../../lists/service";
import { type LiveState, liveStatesRead, sameLiveStates, useLiveStates } from "../../rules/service";
import { checkCounterparty } from "../screening/steps/counterparty-sanctions";
import { type AlertRow, alertRow, evaluationInstant } from "./domain/alerts";
import * as repo from "./repo";
import type { ScreenTransactionInput } from "./schemas";

/** Read together first: both evaluations need both (fraud's structuring band is AML's largeCashAmount). */
const KINDS = ["fraud", "aml"] as const;

/** What the reads of a screening are built from. */
interface Seen {
  states: LiveState[];
  countries: string[];
}
const sameSeen = (a: Seen, b: Seen) =>
  sameLiveStates(a.states, b.states) &&
  a.countries.length === b.countries.length &&
  a.countries.every((c, i) => c === b.countries[i]);
/** The evaluations' reads, built from the rule sets and countries (src/db/guessed-reads.ts). */
const screeningReads = guessedReads(sameSeen);

/** Fraud's rows with AML's columns (a customer's or account's: the other party is the counterparty), if it has them. */
export const amlRowsOf = ({ withAml }: Pick<FraudPreload, "withAml">) =>
  withAml ? { from: withAml.from, rows: withAml.rows } : null;

/** Decimal money string ("1250.5") to minor units, without floating point. */
const toMinor = (amount: string) => {
  const [whole, fraction = ""] = amount.trim().split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
};

/** The entity screened (customer when named, else the account) and the proposed row's ids. */
async function resolveEntity(ctx: TenantContext, input: ScreenTransactionInput) {
  const account = input.accountId ? await repo.findAccount(ctx, input.accountId) : undefined;
  if (input.accountId && !account) throw notFound("Account");
  if (input.customerId) {
    // The customer's existence (404) is checked by the evaluations' own entity resolution.
    if (account && account.customerId !== input.customerId)
      throw badRequest("The account is not the customer's", [
        { path: "accountId", message: "Not an account of customerId" },
      ]);
    return {
      entityType: "customer" as const,
      entityId: input.customerId,
      customerId: input.customerId,
      accountId: account?.id ?? null,
    };
  }
  return {
    entityType: "account" as const,
    entityId: account!.id,
    customerId: account!.customerId,
    accountId: account!.id,
  };
}

function proposedRow(
  ctx: TenantContext,
  input: ScreenTransactionInput,
  ids: { customerId: string; accountId: string | null },
  screeningId: string,
  transactionDate: string,
): ProposedTransactionRow {
  return {
    tenant_id: ctx.tenantId,
    id: `proposed:${screeningId}`,
    customer_id: ids.customerId,
    account_id: ids.accountId,
    agent_id: input.agentId ?? null,
    type: input.type,
    category: input.category ?? null,
    amount_minor: toMinor(input.amount),
    description: input.description ?? null,
    // As ingestion stores it: lower case, completed when absent.
    status: (input.status ?? "completed").toLowerCase(),
    transaction_date: transactionDate,
    merchant_name: input.merchantName ?? null,
    channel: input.channel ?? null,
    counterparty_name: input.counterpartyName ?? null,
    counterparty_account: input.counterpartyAccount ?? null,
    counterparty_country: input.counterpartyCountry ? input.counterpartyCountry.toUpperCase() : null,
  };
}

/**
 * Advisory pre-transaction screening (docs/decisions/pre-transaction-screening.md): the live
 * fraud and AML versions over the entity's stored history plus the proposed transaction, which
 * is never stored. Fired rules are recorded as alerts (trigger pre_transaction) in one batch;
 * no case, no webhook, no decision.
 */
export async function screenTransaction(
  ctx: TenantContext,
  input: ScreenTransactionInput,
  scopes: readonly Scope[],
  actorKeyId: string | null,
) {
  const now = ctx.clock.now();
  const dated = input.transactionDate ? new Date(toIsoInstant(input.transactionDate)!) : now;
  const at = evaluationInstant(now, dated);
  if (!at)
    throw badRequest("The proposed transaction is dated too far ahead", [
      { path: "transactionDate", message: "At most 24 hours after now" },
    ]);
  const entity = await resolveEntity(ctx, input);
  const screeningId = crypto.randomUUID();
  const proposal = { row: proposedRow(ctx, input, entity, screeningId, dated.toISOString()), at };
  const target = { entityType: entity.entityType, entityId: entity.entityId, windowDays: input.windowDays };
  // AML outcomes are shown only to a key that may read AML (tipping-off: a fraud-only key never learns them).
  const showAml = grants(scopes, "aml:read");
  const amlInput = { ...target, dryRun: true };
  // The counterparty's name against the sanctions lists, shown as AML outcomes are
  // (screening/steps/counterparty-sanctions.ts): its first read rides in the evaluations' batch.
  const check = showAml ? checkCounterparty(ctx, input.counterpartyName) : null;
  // Both evaluations' reads depend on the live rule sets and the high-risk countries: read
  // first, or with them when they are those the tenant's last screening read. The fraud part
  // answers the entity's 404 for both; the evaluations then read only their custom rules, if any.
  const live = liveStatesRead(ctx, KINDS);
  const countries = highRiskCountriesRead(ctx);
  const { reads, results } = await screeningReads(
    ctx,
    now.getTime(),
    {
      items: [live.item, countries.item],
      decode: async ([states, listed]) => ({
        states: await live.decode(states as Parameters<typeof live.decode>[0]),
        countries: countries.decode(listed as Parameters<typeof countries.decode>[0]),
      }),
    },
    async (seen) => {
      useLiveStates(ctx, seen.states);
      // AML's rows come from fraud's read (every status over a longer range, with AML's columns):
      // one read of the entity's transactions instead of two.
      const fraudReads = await fraudReadsOf(ctx, target, at, { amlColumns: showAml });
      const amlReads = showAml
        ? await amlReadsOf(ctx, amlInput, at, seen.countries, proposal, { givenRows: true })
        : null;
      const items: typeof fraudReads.items = [
        ...fraudReads.items,
        ...(amlReads?.items ?? []),
        ...(check ? [check.item] : []),
      ];
      return { fraudReads, amlReads, items };
    },
  );
  const { fraudReads, amlReads } = reads;
  const amlFrom = fraudReads.items.length;
  const checkAt = amlFrom + (amlReads?.items.length ?? 0);
  // Its further reads (only for a tenant with lists) overlap the evaluations; awaited last.
  const sanctions = check ? check.finish(results[checkAt]) : Promise.resolve(null);
  sanctions.catch(() => {});
  const fraudPre = await fraudReads.finish(results.slice(0, amlFrom));
  const amlRead = await amlReads?.finish(results.slice(amlFrom, checkAt), amlRowsOf(fraudPre));
  // The peer groups fraud's batch read serve AML too.
  const amlPre = amlRead ? { ...amlRead, peers: fraudPre.peers ?? null } : undefined;
  const [fraud, aml] = await Promise.all([
    evaluateFraud(ctx, target, proposal, fraudPre),
    amlPre ? evaluateAml(ctx, amlInput, scopes, actorKeyId, proposal, amlPre) : null,
  ]);
  const evaluatedAt = at.toISOString();
  const fired = aml ? aml.triggeredRules.filter((r) => r.triggered) : [];
  const alerts = [
    alertRow({
      id: crypto.randomUUID(),
      kind: "fraud",
      ...target,
      screeningId,
      severity: fraud.severity,
      score: fraud.overallScore,
      fired: fraud.triggeredSignals.map((s) => ({ ruleId: s.signalId, severity: s.severity })),
      ruleSet: fraud.ruleSet,
      detail: { ...fraud, proposedTransaction: proposal.row },
      at: evaluatedAt,
    }),
    aml
      ? alertRow({
          id: crypto.randomUUID(),
          kind: "aml",
          ...target,
          screeningId,
          severity: null,
          score: null,
          fired: fired.map((r) => ({ ruleId: r.ruleId, severity: r.riskLevel })),
          ruleSet: aml.ruleSet,
          detail: {
            triggeredRules: fired,
            highestRiskLevel: aml.highestRiskLevel,
            proposedTransaction: proposal.row,
          },
          at: evaluatedAt,
        })
      : null,
  ].filter((a): a is AlertRow => a !== null);
  // Stored before answering, so an id returned is an alert that exists (one batch, ~1 ms).
  if (alerts.length) await ctx.db.batch(repo.alertStatements(ctx, alerts));
  const idOf = (kind: "fraud" | "aml") => alerts.find((a) => a.kind === kind)?.id ?? null;
  const { alertId: _a, correlationId: _c, tenantId: _t, ...fraudAnswer } = fraud;
  return {
    screeningId,
    entityType: entity.entityType,
    entityId: entity.entityId,
    evaluatedAt,
    transactionDate: dated.toISOString(),
    fraud: { ...fraudAnswer, alertId: idOf("fraud") },
    aml: aml
      ? {
          windowDays: aml.windowDays,
          windowStart: aml.windowStart,
          windowEnd: aml.windowEnd,
          triggeredRules: fired,
          totalTriggered: aml.totalTriggered,
          highestRiskLevel: aml.highestRiskLevel,
          skippedRules: aml.skippedRules,
          suppressedRules: aml.suppressedRules,
          highRiskCountries: aml.highRiskCountries,
          ruleSet: aml.ruleSet,
          alertId: idOf("aml"),
        }
      : null,
    alertIds: alerts.map((a) => a.id),
    sanctions: await sanctions,
    isAdvisoryOnly: true as const,
  };
}
