import type { TenantContext } from "../../../db/tenant-context";
import { daysBefore } from "../../../lib/clock";
import { drainSliced } from "../../../lib/slices";
import { yieldToEventLoop } from "../../../lib/yield";
import { NETWORK_RULES } from "../../detection/domain/aml/rules";
import { mergeThresholds, type Thresholds, toMinorUnits } from "../../detection/domain/aml/thresholds";
import type { RuleSetContent } from "../../rules/domain/document";
import { movementSteps, shareSteps } from "../domain/network/shares";
import { DAY_MS } from "../domain/network/types";
import {
  asMule,
  type FanHit,
  isMuleHub,
  MULE_FLOOR_SHARE,
  PRIMING_DAYS,
  READ_FLOOR_SHARE,
} from "../domain/network-fans";
import { type ScanHit, type ScanTypology, scanSteps, type TypologyGroup } from "../domain/network-scan";
import * as repo from "./repo";

export type { ScanHit, ScanTypology, TypologyGroup } from "../domain/network-scan";

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
  // The passes over the history run in steps of a few ms with a yield between each
  // (docs/decisions/faults.md#slices-that-yield): the isolate is never held for a whole pass.
  await yieldToEventLoop();
  const { hits, view, smaller } = await drainSliced(scanSteps(legs, holderOf, search.groups, floor));
  const confirmed = await confirmMules(ctx, hits);
  // The smaller read holds every leg of the other: a mule's small payments have their shares too.
  const movements = await drainSliced(movementSteps(smaller));
  return {
    hits: await drainSliced(shareSteps(confirmed, movements)),
    historyStart,
    historyEnd: search.historyEnd,
    transfers: view.transfers.length,
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
