/**
 * Structuring across a subject's accounts, agents and helpers, in event time (issue 34 item 1;
 * docs/methodology/network.md): cash paid in just under the reporting threshold, again and again
 * within days, into any of one holder's accounts; and the holders (smurfs) who paid cash in
 * themselves and passed it to that holder within a day. Pure.
 */

import { drain, type Sliced, workMeter } from "../../../lib/slices";
import { DAY_MS, type ExternalFlow, type Hit, type Transfer } from "./network/types";

export interface StructuringThresholds {
  /** Major units: the cash reporting threshold (AML-LCT-001). */
  largeCashAmount: number;
  structuringMinCount: number;
  structuringWindowDays: number;
}

export type StructuringHit = Hit<"structuring", "subject" | "smurf">;

/** A deposit counts from half the threshold: well above everyday cash, below what is reported. */
const BAND_FLOOR_SHARE = 0.5;
/** The run of deposits is judged over twice the structuring window (schemes spread over days). */
const WINDOW_MULTIPLE = 2;
/** In all, the run reaches twice the threshold: one reportable amount split at least in two. */
const TOTAL_MULTIPLE = 2;
/** A smurf passes on at least this share of its own cash deposit, within a day of it. */
const SMURF_PASS_SHARE = 0.9;

interface Deposit {
  id: string;
  ms: number;
  amountMinor: number;
}

const byTime = (a: Deposit, b: Deposit) => a.ms - b.ms || (a.id < b.id ? -1 : 1);
const money = (minor: number) => (minor / 100).toFixed(2);

/** Each holder's cash deposits in [half the threshold, the threshold), sorted. */
function bandDeposits(external: readonly ExternalFlow[], t: StructuringThresholds) {
  const ceiling = t.largeCashAmount * 100;
  const floor = ceiling * BAND_FLOOR_SHARE;
  const by = new Map<string, Deposit[]>();
  for (const f of external) {
    if (f.direction !== "in" || f.kind !== "cash" || f.amountMinor < floor || f.amountMinor >= ceiling)
      continue;
    const ms = Date.parse(f.at);
    if (!Number.isFinite(ms)) continue;
    const list = by.get(f.holderId) ?? [];
    list.push({ id: f.id, ms, amountMinor: f.amountMinor });
    by.set(f.holderId, list);
  }
  for (const list of by.values()) list.sort(byTime);
  return by;
}

/** Deposits, transfers or run items looked at per step of structuringSteps. */
const STRUCTURING_STEP = 20_000;

/** Smurfs of a subject: holders who paid it, within a day after a cash deposit of their own of at least as much. */
function* smurfsOf(
  subject: string,
  from: number,
  to: number,
  transfers: readonly Transfer[],
  cashIn: Map<string, Deposit[]>,
  meter: (units?: number) => boolean,
): Sliced<Map<string, Transfer[]>> {
  const found = new Map<string, Transfer[]>();
  for (const tr of transfers) {
    if (meter()) yield;
    if (tr.to !== subject || tr.from === subject) continue;
    const ms = Date.parse(tr.at);
    if (ms < from - DAY_MS || ms > to + DAY_MS) continue;
    const funded = (cashIn.get(tr.from) ?? []).some(
      (d) => d.ms <= ms && ms - d.ms <= DAY_MS && tr.amountMinor >= SMURF_PASS_SHARE * d.amountMinor,
    );
    if (funded) found.set(tr.from, [...(found.get(tr.from) ?? []), tr]);
  }
  return found;
}

/** The structuring runs of the network, one per subject and run, sorted by key. */
export function detectStructuring(
  input: { transfers: readonly Transfer[]; external: readonly ExternalFlow[] },
  t: StructuringThresholds,
): StructuringHit[] {
  return drain(structuringSteps(input, t));
}

/** detectStructuring in steps of STRUCTURING_STEP (docs/decisions/faults.md#slices-that-yield). */
export function* structuringSteps(
  input: { transfers: readonly Transfer[]; external: readonly ExternalFlow[] },
  t: StructuringThresholds,
): Sliced<StructuringHit[]> {
  const meter = workMeter(STRUCTURING_STEP);
  const band = bandDeposits(input.external, t);
  yield;
  // Any cash deposit counts as a smurf's funding (it need not be in the band).
  const cashIn = new Map<string, Deposit[]>();
  for (const f of input.external) {
    if (f.direction === "in" && f.kind === "cash") {
      const deposit = { id: f.id, ms: Date.parse(f.at), amountMinor: f.amountMinor };
      const list = cashIn.get(f.holderId);
      if (list) list.push(deposit);
      else cashIn.set(f.holderId, [deposit]);
    }
    if (meter()) yield;
  }
  const windowMs = t.structuringWindowDays * WINDOW_MULTIPLE * DAY_MS;
  const minCount = t.structuringMinCount + 1;
  const hits: StructuringHit[] = [];
  for (const [subject, deposits] of band) {
    for (let i = 0; i < deposits.length; i++) {
      let end = i;
      while (end + 1 < deposits.length && deposits[end + 1]!.ms - deposits[i]!.ms <= windowMs) end++;
      if (meter(1 + end - i)) yield;
      const run = deposits.slice(i, end + 1);
      const total = run.reduce((n, d) => n + d.amountMinor, 0);
      if (run.length < minCount || total < TOTAL_MULTIPLE * t.largeCashAmount * 100) continue;
      const first = run[0]!.ms;
      const last = run[run.length - 1]!.ms;
      const smurfs = yield* smurfsOf(subject, first, last, input.transfers, cashIn, meter);
      const smurfIds = [...smurfs.keys()].sort();
      hits.push({
        typology: "structuring",
        key: `structuring:${subject}:${run[0]!.id}`,
        principal: subject,
        participants: [
          { holderId: subject, role: "subject" },
          ...smurfIds.map((h) => ({ holderId: h, role: "smurf" as const })),
        ],
        firstAt: new Date(first).toISOString(),
        lastAt: new Date(last).toISOString(),
        amountMinor: total,
        transferIds: [...run.map((d) => d.id), ...[...smurfs.values()].flat().map((x) => x.id)].sort(),
        reason: `${run.length} cash deposits of ${money(t.largeCashAmount * 100 * BAND_FLOOR_SHARE)} to ${money(t.largeCashAmount * 100)} (just under the reporting threshold), ${money(total)} in all within ${((last - first) / DAY_MS).toFixed(1)} days${smurfIds.length ? `; ${smurfIds.length} holders paid cash in and passed it on within a day` : ""}.`,
        counterfactual: `Quiet with structuringMinCount above ${run.length - 1}, or largeCashAmount at or below ${money(Math.max(...run.map((d) => d.amountMinor)))}.`,
        measures: {
          deposits: run.length,
          smurfs: smurfIds.length,
          windowDays: t.structuringWindowDays * WINDOW_MULTIPLE,
        },
      });
      i = end;
    }
  }
  return hits.sort((a, b) => (a.key < b.key ? -1 : 1));
}
