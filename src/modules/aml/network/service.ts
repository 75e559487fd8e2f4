import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { yieldToEventLoop } from "../../../lib/yield";
import { NETWORK_RULES } from "../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds, toMinorUnits } from "../../detection/domain/aml/thresholds";
import type { RuleSetContent } from "../../rules/domain/document";
import { detectNetworkSchemes } from "../domain/network/detect";
import { movementsById, participantShares } from "../domain/network/shares";
import {
  DAY_MS,
  type NetworkThresholds,
  type NetworkTypology,
  type SchemeHit,
} from "../domain/network/types";
import {
  asMule,
  detectFans,
  type FanHit,
  type FanThresholds,
  type FanTypology,
  isMuleHub,
  MULE_FLOOR_SHARE,
  PRIMING_DAYS,
  READ_FLOOR_SHARE,
} from "../domain/network-fans";
import { holderTransfers, outsideFlows } from "../domain/network-input";
import { detectStructuring, type StructuringHit } from "../domain/network-structuring";
import * as repo from "./repo";

/**
 * The AML half of the network scan (docs/methodology/network.md#the-typologies): read the
 * transfers between the tenant's holders over the history, in event time, and find the schemes
 * in them (domain/network). Monitoring turns what it finds into alerts and cases.
 */

export { activity as networkActivity } from "./repo";

/** Accounts and transactions per read: a few hundred KB per answer. */
const ACCOUNT_PAGE = 5_000;
const LEG_PAGE = 2_000;
/**
 * Most transactions one scan reads (the transfers of a tenant of 100,000 holders over 90 days
 * are far fewer: only legs naming a counterparty account, or cash, of a twentieth of
 * networkMinAmount or more are read). Beyond it the scan judges the latest part of the history
 * and says so.
 */
export const MAX_LEGS = 400_000;

/** What the scan looks for: the chains and shapes of domain/network, and the fans. */
export type ScanTypology = NetworkTypology | FanTypology | "structuring";
export type ScanHit = SchemeHit | FanHit | StructuringHit;

/** One group of typologies that share thresholds (rule parameters can differ per typology). */
export interface TypologyGroup {
  typologies: ScanTypology[];
  thresholds: Thresholds;
}

export interface SchemeSearch {
  /** The history's last instant (event time: the latest transaction, not the clock). */
  historyEnd: string;
  groups: TypologyGroup[];
}

/** A hit with each participant's share of the scheme's money (domain/network/shares.ts). */
export type FoundHit = ScanHit & { shares: ReadonlyMap<string, number> };

export interface SchemesFound {
  hits: FoundHit[];
  historyStart: string;
  historyEnd: string;
  /** Transfers between holders read. */
  transfers: number;
  /** The leg budget ran out before the history's start: its earliest part was not read. */
  truncated: boolean;
}

const networkThresholds = (t: Thresholds): NetworkThresholds => ({
  networkMinAmount: t.networkMinAmount!,
  networkBurstDays: t.networkBurstDays!,
  networkMaxHoldDays: t.networkMaxHoldDays!,
  networkPassPercent: t.networkPassPercent!,
  cycleMaxHops: t.cycleMaxHops!,
  fanMinParticipants: t.fanMinParticipants!,
});

const fanThresholds = (t: Thresholds): FanThresholds => ({
  fanInMinCounterparties: t.fanInMinCounterparties!,
  fanOutMinCounterparties: t.fanOutMinCounterparties!,
  fanBaselineMultiple: t.fanBaselineMultiple!,
  fanMinAmount: t.fanMinAmount!,
  fanWindowDays: t.fanWindowDays!,
  networkMinAmount: t.networkMinAmount!,
  networkMaxHoldDays: t.networkMaxHoldDays!,
  networkPassPercent: t.networkPassPercent!,
  networkBurstDays: t.networkBurstDays!,
});

const FANS: readonly ScanTypology[] = ["fan_in", "fan_out"];
const SHAPES: readonly ScanTypology[] = ["cycle", "scatter_gather", "gather_scatter", "layering"];

/** Each scan typology's rule in the AML catalog. */
export const TYPOLOGY_RULE: Record<ScanTypology, string> = {
  cycle: "AML-CYC-012",
  scatter_gather: "AML-SGA-013",
  gather_scatter: "AML-GSC-014",
  layering: "AML-LAY-015",
  fan_in: "AML-FNI-016",
  fan_out: "AML-FNO-017",
  structuring: "AML-SMF-018",
};
const RULE_TYPOLOGY = new Map(Object.entries(TYPOLOGY_RULE).map(([t, r]) => [r, t as ScanTypology]));

/** The enabled network typologies of a rule set's content, grouped by the thresholds they run with (rule parameters win). */
export function typologyGroups(content: RuleSetContent): TypologyGroup[] {
  const base = mergeThresholds(content.thresholds);
  const groups = new Map<string, TypologyGroup>();
  for (const rule of NETWORK_RULES) {
    const config = content.builtins[rule.ruleId];
    if (!(config?.enabled ?? rule.isEnabled)) continue;
    const thresholds: Thresholds = { ...base, ...config?.parameters };
    const key = JSON.stringify(Object.entries(thresholds).sort(([a], [b]) => (a < b ? -1 : 1)));
    const group = groups.get(key) ?? { typologies: [], thresholds };
    group.typologies.push(RULE_TYPOLOGY.get(rule.ruleId)!);
    groups.set(key, group);
  }
  return [...groups.values()];
}

/**
 * What the network scan would find under a rule set's content in the history ending at
 * `historyEnd` (a rule-set backtest): each enabled network rule's participants (customer ids).
 * Reads like a scan and writes nothing.
 */
export async function networkHitsByRule(
  ctx: TenantContext,
  content: RuleSetContent,
  historyEnd: string,
): Promise<Map<string, Set<string>>> {
  const groups = typologyGroups(content);
  const out = new Map<string, Set<string>>(
    groups.flatMap((g) => g.typologies.map((t) => [TYPOLOGY_RULE[t], new Set<string>()] as const)),
  );
  if (groups.length === 0) return out;
  const found = await findSchemes(ctx, { historyEnd, groups });
  for (const hit of found.hits)
    for (const p of hit.participants) out.get(TYPOLOGY_RULE[hit.typology])?.add(p.holderId);
  return out;
}

/** Each account's external id -> its customer (the holder a counterparty account names). */
async function holders(ctx: TenantContext): Promise<Map<string, string>> {
  const holderOf = new Map<string, string>();
  for (let after = ""; ; ) {
    const page = await repo.accountPage(ctx, after, ACCOUNT_PAGE);
    for (const a of page) holderOf.set(a.externalId, a.customerId);
    if (page.length < ACCOUNT_PAGE) return holderOf;
    after = page[page.length - 1]!.id;
  }
}

/** The schemes of the history ending at `historyEnd`, for each group's typologies and thresholds. */
export async function findSchemes(ctx: TenantContext, search: SchemeSearch): Promise<SchemesFound> {
  const lookback = Math.max(...search.groups.map((g) => g.thresholds.networkLookbackDays!));
  const minFlow = Math.min(...search.groups.map((g) => g.thresholds.networkMinAmount!));
  const historyStart = daysBefore(new Date(search.historyEnd), lookback).toISOString();
  // Every typology reads legs from a tenth of networkMinAmount; a mule's fan from a twentieth
  // (network-fans.ts MULE_FLOOR_SHARE): the smaller legs go to the mule fans only.
  const floor = Math.floor(toMinorUnits(minFlow) * READ_FLOOR_SHARE);
  const mules = search.groups.some((g) => g.typologies.includes("fan_in"));
  const readFloor = mules ? Math.floor(toMinorUnits(minFlow) * MULE_FLOOR_SHARE) : floor;
  const holderOf = await holders(ctx);
  const legs: repo.LegRow[] = [];
  let after: repo.HistoryPage["after"] = null;
  let truncated = false;
  for (;;) {
    const page = await repo.legPage(ctx, {
      start: historyStart,
      end: search.historyEnd,
      minAmountMinor: readFloor,
      after,
      size: LEG_PAGE,
    });
    legs.push(...page);
    if (page.length < LEG_PAGE) break;
    if (legs.length >= MAX_LEGS) {
      truncated = true;
      break;
    }
    const last = page[page.length - 1]!;
    after = { at: last.at, id: last.id };
  }
  // Pages came latest first; the domain wants no order, but a stable one keeps ties stable.
  legs.reverse();
  // Each step below is one synchronous pass over the history: yield between them
  // (docs/decisions/faults.md#slices-that-yield).
  await yieldToEventLoop();
  // Built once from every leg read; the other typologies' view keeps the legs from `floor`. Both
  // legs of a transfer have one amount (holderTransfers pairs them by it), so filtering after
  // pairing is pairing what the filter keeps.
  const allTransfers = holderTransfers(legs, holderOf);
  await yieldToEventLoop();
  const allExternal = outsideFlows(legs, holderOf);
  await yieldToEventLoop();
  const transfers = allTransfers.filter((t) => t.amountMinor >= floor);
  const external = allExternal.filter((f) => f.amountMinor >= floor);
  const view = { transfers, external };
  // The same object when nothing was under `floor`, so detectFans indexes the history once.
  const smaller =
    transfers.length === allTransfers.length && external.length === allExternal.length
      ? view
      : { transfers: allTransfers, external: allExternal };
  const hits: ScanHit[] = [];
  for (const group of search.groups) {
    const wanted = new Set(group.typologies);
    await yieldToEventLoop();
    if (group.typologies.some((t) => SHAPES.includes(t)))
      hits.push(
        ...detectNetworkSchemes(view, networkThresholds(group.thresholds)).filter((h) =>
          wanted.has(h.typology),
        ),
      );
    await yieldToEventLoop();
    if (group.typologies.some((t) => FANS.includes(t)))
      hits.push(
        ...detectFans(view, fanThresholds(group.thresholds), smaller).filter((h) => wanted.has(h.typology)),
      );
    await yieldToEventLoop();
    if (wanted.has("structuring"))
      hits.push(
        ...detectStructuring(view, {
          largeCashAmount: group.thresholds.largeCashAmount!,
          structuringMinCount: group.thresholds.structuringMinCount!,
          structuringWindowDays: group.thresholds.structuringWindowDays!,
        }),
      );
  }
  const confirmed = await confirmMules(ctx, hits);
  await yieldToEventLoop();
  // The smaller read holds every leg of the other: a mule's small payments have their shares too.
  const movements = movementsById(smaller);
  return {
    hits: confirmed.map((h) => ({ ...h, shares: participantShares(h, movements) })),
    historyStart,
    historyEnd: search.historyEnd,
    transfers: transfers.length,
    truncated,
  };
}

/**
 * A fan-in hub the legs read show nothing of until a window before the fan may still have
 * banked before (in amounts under the read's floor): what the book says of it (its accounts'
 * opening, its earliest and its latest earlier transaction) decides whether it is a new or
 * dormant account, a mule, named alone (asMule). One read per such hub: there are few.
 */
async function confirmMules(ctx: TenantContext, hits: ScanHit[]): Promise<ScanHit[]> {
  const judged = await Promise.all(
    hits.map(async (h) => {
      if (h.typology !== "fan_in" || h.measures.newHub !== 1) return h;
      const start = Date.parse(h.firstAt);
      const before = new Date(start - PRIMING_DAYS * DAY_MS).toISOString();
      const history = await repo.hubHistory(ctx, h.principal, before);
      if (isMuleHub(history, start)) return asMule(h as FanHit);
      // A fan found only under a mule's smaller bar is nothing on a holder with a past.
      return h.measures.muleOnly === 1 ? null : h;
    }),
  );
  return judged.filter((h): h is ScanHit => h !== null);
}
