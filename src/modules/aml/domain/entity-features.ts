import type { AmlEntityType } from "../../detection/domain/aml/rules";
import { DEFAULT_THRESHOLDS, type Thresholds, toMinorUnits } from "../../detection/domain/aml/thresholds";
import { type AggregateRow, type FeatureRow, featuresFromRows } from "./feature-rows";
import { type EntityFeatures, emptyFeatures } from "./features";

/**
 * One entity's feature rows computed in JavaScript from its transactions in the window, exactly
 * as the set-based statement (features/families/repo.ts) computes them in SQL: same filters, same
 * sliding frames, same tie-breaks (the first row in (date, id) order that reaches a maximum), same
 * integer and floating-point arithmetic. Evaluating one entity this way costs a fraction of the
 * statement's window machinery (~1 µs per row per window in SQLite); the equivalence with the
 * statement is tested on generated histories (test/aml/entity-features.test.ts).
 */

/** One transaction as the entity read ships it (non-failed only; columns as the statement tests them). */
export interface EntityTx {
  transactionDate: string;
  type: string;
  amountMinor: number;
  /** lower(coalesce(channel, '')) = 'cash' */
  cash: boolean;
  /** upper(counterparty_country) */
  country: string | null;
  /** An agent's float leg (data/domain/agent-float.ts): not money passing through. */
  float: boolean;
  /** The other party for fan-in/fan-out (per entity type, as the statement's OTHER_PARTY). */
  other: string | null;
}

/** What one read of the entity answers (features/entity-rows/repo.ts). */
export interface EntityRows {
  /**
   * Its non-failed transactions from at most readStart (the previous window's or the profile
   * window's start, the earlier) to the window's end, in (transaction_date,
   * id) order under SQLite's BINARY collation, the order of the statement's windows.
   */
  transactions: EntityTx[];
  /** Its last non-failed transaction before those (one read may serve several windows). */
  lastBefore: string | null;
  /** The declared business of the customer behind the entity (customer and account only). */
  declared: string | null;
}

export interface EntityWindow {
  entityType: AmlEntityType;
  entityId: string;
  windowStart: string;
  windowEnd: string;
  thresholds: Thresholds;
  highRiskCountries: readonly string[];
  homeCountry: string | null;
}

const DAY_MS = 86_400_000;
/** How far before its window dormancy looks for the transaction a reactivation ended. */
const DORMANCY_LOOKBACK_DAYS = 3 * 365;

export const dormancyLookback = (windowStart: string) =>
  new Date(Date.parse(windowStart) - DORMANCY_LOOKBACK_DAYS * DAY_MS).toISOString();
/**
 * Start of the window of the same length just before [windowStart, windowEnd]: the fan rules
 * compare the window's distinct counterparties with those of [priorWindowStart, windowStart).
 */
export const priorWindowStart = (windowStart: string, windowEnd: string) =>
  new Date(2 * Date.parse(windowStart) - Date.parse(windowEnd)).toISOString();

/**
 * Start of the profile window: `profileWindowDays` up to the window's end, over which AML-BIZ-011
 * reads cash against the declared business (docs/methodology/aml.md#cash-against-the-declared-business).
 */
export const profileWindowStart = (windowEnd: string, thresholds: Thresholds) =>
  new Date(
    Date.parse(windowEnd) - (thresholds.profileWindowDays ?? DEFAULT_THRESHOLDS.profileWindowDays!) * DAY_MS,
  ).toISOString();

/**
 * Where an entity read starts: the previous window (the fan rules' normal) or the profile window,
 * whichever is earlier.
 */
export const readStart = (windowStart: string, windowEnd: string, thresholds: Thresholds) =>
  new Date(
    Math.min(
      Date.parse(priorWindowStart(windowStart, windowEnd)),
      Date.parse(profileWindowStart(windowEnd, thresholds)),
    ),
  ).toISOString();

/** Milliseconds from the Julian day epoch to the Unix epoch (SQLite's iJD of 1970-01-01). */
const JULIAN_EPOCH_MS = 210_866_760_000_000;

/** CAST(strftime('%s', date) AS INTEGER), from the date's epoch milliseconds. */
const epochSeconds = (ms: number) => Math.trunc(ms / 1000);
/** julianday(date), as SQLite computes it from whole milliseconds (the date's epoch milliseconds). */
const julianDay = (ms: number) => (ms + JULIAN_EPOCH_MS) / DAY_MS;

/**
 * A sliding frame `RANGE BETWEEN CURRENT ROW AND span FOLLOWING` over rows sorted by ts: each
 * row's count and sum, and the first row (in ts order) with the largest count.
 */
function maxFrame(ts: readonly number[], amounts: readonly number[], span: number) {
  const prefix = [0];
  for (const a of amounts) prefix.push(prefix[prefix.length - 1]! + a);
  let best: { n: number; s: number; ts: number } | null = null;
  let end = 0;
  for (let i = 0; i < ts.length; i++) {
    // CURRENT ROW starts at the row's first peer (equal ts): peers share one frame.
    if (i > 0 && ts[i] === ts[i - 1]) continue;
    while (end < ts.length && ts[end]! <= ts[i]! + span) end++;
    if (!best || end - i > best.n) best = { n: end - i, s: prefix[end]! - prefix[i]!, ts: ts[i]! };
  }
  return best;
}

function aggregates(
  rows: readonly EntityTx[],
  prior: readonly EntityTx[],
  q: EntityWindow,
  declared: string | null,
  profile: { cash: number; volume: number },
): AggregateRow {
  const t = q.thresholds;
  const large = toMinorUnits(t.largeCashAmount);
  const unit = toMinorUnits(t.roundAmountUnit);
  const xbAmount = toMinorUnits(t.crossBorderAmount);
  const risky = new Set(q.highRiskCountries);
  const a: AggregateRow = {
    tx_count: rows.length,
    volume: 0,
    max_cash: null,
    large_cash_count: 0,
    cash_volume: 0,
    profile_cash: profile.cash,
    profile_volume: profile.volume,
    geo_count: 0,
    geo_volume: 0,
    geo_countries: null,
    round_eligible: 0,
    round_count: 0,
    fan_in: 0,
    fan_in_volume: 0,
    fan_out: 0,
    fan_out_volume: 0,
    fan_in_prior: 0,
    fan_out_prior: 0,
    prior_cash: 0,
    prior_volume: 0,
    xb_max: null,
    xb_count: 0,
    xb_countries: null,
    declared,
  };
  const geo = new Set<string>();
  const xb = new Set<string>();
  const senders = new Set<string>();
  const receivers = new Set<string>();
  for (const r of rows) {
    const amount = r.amountMinor;
    a.volume += amount;
    if (r.cash) {
      a.max_cash = a.max_cash === null ? amount : Math.max(a.max_cash, amount);
      if (amount >= large) a.large_cash_count++;
      a.cash_volume += amount;
    }
    const country = r.country;
    if (country !== null && risky.has(country)) {
      a.geo_count++;
      a.geo_volume += amount;
      geo.add(country);
    }
    if (amount >= unit) {
      a.round_eligible++;
      if (amount % unit === 0) a.round_count++;
    }
    if (r.other !== null && r.type === "credit") {
      senders.add(r.other);
      a.fan_in_volume += amount;
    }
    if (r.other !== null && r.type === "debit") {
      receivers.add(r.other);
      a.fan_out_volume += amount;
    }
    if (q.homeCountry !== null && country !== null && country !== q.homeCountry) {
      a.xb_max = a.xb_max === null ? amount : Math.max(a.xb_max, amount);
      if (amount > xbAmount) a.xb_count++;
      xb.add(country);
    }
  }
  a.fan_in = senders.size;
  a.fan_out = receivers.size;
  const priorSenders = new Set<string>();
  const priorReceivers = new Set<string>();
  for (const r of prior) {
    a.prior_volume += r.amountMinor;
    if (r.cash) a.prior_cash += r.amountMinor;
    if (r.other !== null && r.type === "credit") priorSenders.add(r.other);
    if (r.other !== null && r.type === "debit") priorReceivers.add(r.other);
  }
  a.fan_in_prior = priorSenders.size;
  a.fan_out_prior = priorReceivers.size;
  a.geo_countries = geo.size ? [...geo].join(",") : null;
  a.xb_countries = xb.size ? [...xb].join(",") : null;
  return a;
}

function structuring(rows: readonly EntityTx[], seconds: readonly number[], q: EntityWindow) {
  const high = toMinorUnits(q.thresholds.largeCashAmount);
  const low = Math.ceil((high * (100 - q.thresholds.structuringBandPercent)) / 100 - 1e-9);
  const band: Array<{ ts: number; amount: number }> = [];
  rows.forEach((r, i) => {
    if (r.cash && r.type === "credit" && r.amountMinor >= low && r.amountMinor < high)
      band.push({ ts: seconds[i]!, amount: r.amountMinor });
  });
  band.sort((x, y) => x.ts - y.ts);
  const best = maxFrame(
    band.map((b) => b.ts),
    band.map((b) => b.amount),
    q.thresholds.structuringWindowDays * 86_400 - 1,
  );
  return best && { n: best.n, s: best.s, ts: best.ts };
}

function velocity(seconds: readonly number[], q: EntityWindow) {
  const ts = [...seconds].sort((x, y) => x - y);
  const best = maxFrame(
    ts,
    ts.map(() => 0),
    q.thresholds.velocityWindowHours * 3600 - 1,
  );
  return best && { n: best.n, ts: best.ts };
}

function rapid(rows: readonly EntityTx[], q: EntityWindow) {
  const days = new Map<string, { credits: number; debits: number }>();
  for (const r of rows) {
    const day = r.transactionDate.slice(0, 10);
    const d = days.get(day) ?? { credits: 0, debits: 0 };
    if (r.type === "credit" && !r.float) d.credits += r.amountMinor;
    if (r.type === "debit" && !r.float) d.debits += r.amountMinor;
    days.set(day, d);
  }
  const ordered = [...days]
    .map(([day, d]) => ({ day, jd: julianDay(Date.parse(day)), ...d }))
    .sort((x, y) => x.jd - y.jd);
  const span = q.thresholds.rapidMovementDays - 1;
  const min = toMinorUnits(q.thresholds.rapidMovementMinAmount);
  let best: { ratio: number; credits: number; forwarded: number; day: string } | null = null;
  for (let i = 0; i < ordered.length; i++) {
    const today = ordered[i]!;
    if (today.credits < min) continue;
    let forwarded = 0;
    for (let j = i; j < ordered.length && ordered[j]!.jd <= today.jd + span; j++)
      forwarded += ordered[j]!.debits;
    const ratio = (forwarded * 100.0) / today.credits;
    if (!best || ratio > best.ratio) best = { ratio, credits: today.credits, forwarded, day: today.day };
  }
  // The statement's JSON carries a real with 15 significant digits (SQLite's rendering).
  return best && { ...best, ratio: Number(best.ratio.toPrecision(15)) };
}

function dormancy(rows: readonly EntityTx[], ms: readonly number[], lastBefore: string | null) {
  let suffix = rows.reduce((s, r) => s + r.amountMinor, 0);
  let prev = lastBefore;
  let prevDay = prev === null ? 0 : julianDay(Date.parse(prev));
  let best: { gap: number; reactivated_at: string; last_before: string; volume_after: number } | null = null;
  rows.forEach((r, i) => {
    const day = julianDay(ms[i]!);
    if (prev !== null) {
      const gap = Math.trunc(day - prevDay);
      if (!best || gap > best.gap)
        best = { gap, reactivated_at: r.transactionDate, last_before: prev, volume_after: suffix };
    }
    suffix -= r.amountMinor;
    prev = r.transactionDate;
    prevDay = day;
  });
  return best;
}

/**
 * The feature rows (as the statement would answer them) of one entity from its non-failed
 * transactions dated from at most windowStart to windowEnd: none in the window, no features.
 */
function entityFeatureRows(read: EntityRows, q: EntityWindow): FeatureRow[] {
  const rows = read.transactions.filter(
    (r) => r.transactionDate >= q.windowStart && r.transactionDate <= q.windowEnd,
  );
  if (rows.length === 0) return [];
  // The transaction before the window: the last given one before it, else the one before them all.
  const earlier = read.transactions.filter((r) => r.transactionDate < q.windowStart);
  const prior = earlier.length ? earlier[earlier.length - 1]!.transactionDate : read.lastBefore;
  const lastBefore = prior !== null && prior >= dormancyLookback(q.windowStart) ? prior : null;
  const entityId = q.entityId;
  const priorStart = priorWindowStart(q.windowStart, q.windowEnd);
  const priorRows = earlier.filter((r) => r.transactionDate >= priorStart);
  // The profile window's cash and volume (AML-BIZ-011), from the rows the read already holds.
  const profileStart = profileWindowStart(q.windowEnd, q.thresholds);
  const profile = { cash: 0, volume: 0 };
  for (const r of read.transactions) {
    if (r.transactionDate < profileStart || r.transactionDate > q.windowEnd) continue;
    profile.volume += r.amountMinor;
    if (r.cash) profile.cash += r.amountMinor;
  }
  const out: FeatureRow[] = [
    { family: "aggregates", entityId, data: aggregates(rows, priorRows, q, read.declared, profile) },
  ];
  // Each date read once (a Date.parse per row and use was most of this function's time).
  const ms = rows.map((r) => Date.parse(r.transactionDate));
  const seconds = ms.map(epochSeconds);
  const s = structuring(rows, seconds, q);
  if (s) out.push({ family: "structuring", entityId, data: s });
  const v = velocity(seconds, q);
  if (v) out.push({ family: "velocity", entityId, data: v });
  const r = rapid(rows, q);
  if (r) out.push({ family: "rapid", entityId, data: r });
  const d = dormancy(rows, ms, lastBefore);
  if (d) out.push({ family: "dormancy", entityId, data: d });
  return out;
}

/** One entity's features over one window and thresholds, from one read of its transactions. */
export const entityFeatures = (read: EntityRows, q: EntityWindow): EntityFeatures =>
  featuresFromRows(entityFeatureRows(read, q)).get(q.entityId) ?? emptyFeatures(q.entityId);

/** A transaction as a read of every status has it (pre-transaction screening's fraud read). */
export interface AnyStatusTx extends EntityTx {
  status: string;
}

/** SQLite's lower() and upper() without ICU: ASCII letters only, as the statement compares them. */
export const asciiLower = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
export const asciiUpper = (s: string) => s.replace(/[a-z]/g, (c) => c.toUpperCase());

/**
 * One entity's rows for its AML features (what features/entity-rows/repo.ts reads) built from
 * rows another read already has: every status over a range covering [readStart, windowEnd],
 * newest first ((date, id) descending), plus the proposed transaction, and what only that read
 * adds (the last stored non-failed transaction before the window within the dormancy lookback).
 * Null when the proposed transaction shares its instant with a stored one in the window: their
 * order would follow ids these rows do not carry, so the caller reads the entity itself.
 */
export function entityRowsFrom(input: {
  newestFirst: readonly AnyStatusTx[];
  proposed: AnyStatusTx | null;
  windowStart: string;
  windowEnd: string;
  /** Where the rows must start (readStart: the previous window or the profile window). */
  from: string;
  storedLastBefore: string | null;
  declared: string | null;
  failedStatuses: readonly string[];
}): EntityRows | null {
  const { windowStart, windowEnd, proposed } = input;
  const counted = countedStatus(input.failedStatuses);
  // From the previous window of the same length (the fan rules' normal) or the profile window.
  const from = input.from;
  const inWindow = (date: string) => date >= from && date <= windowEnd;
  const transactions: EntityTx[] = [];
  for (let i = input.newestFirst.length - 1; i >= 0; i--) {
    const r = input.newestFirst[i]!;
    if (counted(r.status) && inWindow(r.transactionDate)) transactions.push(r);
  }
  let lastBefore = input.storedLastBefore;
  if (proposed && counted(proposed.status)) {
    const date = proposed.transactionDate;
    if (inWindow(date)) {
      if (transactions.some((t) => t.transactionDate === date)) return null;
      const at = transactions.findIndex((t) => t.transactionDate > date);
      transactions.splice(at < 0 ? transactions.length : at, 0, proposed);
    } else if (date < windowStart && date >= dormancyLookback(windowStart)) {
      if (lastBefore === null || date > lastBefore) lastBefore = date;
    }
  }
  return { transactions, lastBefore, declared: input.declared };
}

/** The statement's status filter: `status = 'completed' OR status NOT IN (failed)`. */
export const countedStatus = (failedStatuses: readonly string[]) => {
  const failed = new Set(failedStatuses);
  return (status: string) => status === "completed" || !failed.has(status);
};
