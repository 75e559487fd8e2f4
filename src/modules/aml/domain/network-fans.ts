/**
 * Fan typologies over the network scan's input (docs/methodology/network.md#the-typologies): many
 * counterparties pay one holder who moves the money out (fan-in), or one holder pays many
 * holders who each pass it straight on (fan-out). "Many" is against the hub's own normal: the
 * distinct counterparties of the window before, times a multiple, and at least a floor. Pure.
 */

import { chunks, drain, type Sliced, workMeter } from "../../../lib/slices";
import { DAY_MS, days, type ExternalFlow, type Hit, type Transfer } from "./network/types";

export type FanTypology = "fan_in" | "fan_out";

export type FanHit = Hit<FanTypology, "hub" | "source" | "sink">;

/** Major units of money, like thresholds.ts. */
export interface FanThresholds {
  fanInMinCounterparties: number;
  fanOutMinCounterparties: number;
  fanBaselineMultiple: number;
  fanMinAmount: number;
  fanWindowDays: number;
  networkMinAmount: number;
  networkMaxHoldDays: number;
  networkPassPercent: number;
  networkBurstDays: number;
}

/** A payment into or out of a fan counts from a fifth of networkMinAmount (everyday payments do not). */
const MIN_SHARE_OF_FLOW = 0.2;

interface Move {
  id: string;
  /** The other party: a holder id, or `x:` + an outsider's account. */
  party: string;
  holder: boolean;
  amountMinor: number;
  ms: number;
}

const byTime = (a: Move, b: Move) => a.ms - b.ms || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
const money = (minor: number) => (minor / 100).toFixed(2);

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/**
 * Moves (or window items) looked at per step of fanSteps (docs/decisions/faults.md#slices-that-yield):
 * a few milliseconds of work.
 */
export const FAN_STEP = 10_000;

type Meter = (units?: number) => boolean;

interface FanBook {
  ins: Map<string, Move[]>;
  outs: Map<string, Move[]>;
  exits: Map<string, Move[]>;
  seen: Map<string, Span>;
}

/** Each holder's moves in and out (transfers and outsiders; cash only as money out). */
function* index(
  transfers: readonly Transfer[],
  external: readonly ExternalFlow[],
  meter: Meter,
): Sliced<FanBook> {
  const ins = new Map<string, Move[]>();
  const outs = new Map<string, Move[]>();
  const exits = new Map<string, Move[]>();
  const seen = new Map<string, Span>();
  const see = (holder: string, ms: number) => {
    const span = seen.get(holder);
    if (!span) seen.set(holder, { first: ms, last: ms });
    else {
      span.first = Math.min(span.first, ms);
      span.last = Math.max(span.last, ms);
    }
  };
  yield* chunks(transfers.length, FAN_STEP / 4, (start, end) => {
    for (let i = start; i < end; i++) {
      const t = transfers[i];
      const ms = Date.parse(t.at);
      if (!Number.isFinite(ms) || t.from === t.to) continue;
      see(t.from, ms);
      see(t.to, ms);
      push(ins, t.to, { id: t.id, party: t.from, holder: true, amountMinor: t.amountMinor, ms });
      push(outs, t.from, { id: t.id, party: t.to, holder: true, amountMinor: t.amountMinor, ms });
      push(exits, t.from, { id: t.id, party: t.to, holder: true, amountMinor: t.amountMinor, ms });
    }
  });
  yield* chunks(external.length, FAN_STEP / 4, (start, end) => {
    for (let i = start; i < end; i++) {
      const f = external[i];
      const ms = Date.parse(f.at);
      if (!Number.isFinite(ms)) continue;
      see(f.holderId, ms);
      const move = {
        id: f.id,
        party: `x:${f.counterparty ?? f.kind}`,
        holder: false,
        amountMinor: f.amountMinor,
        ms,
      };
      if (f.direction === "out") push(exits, f.holderId, move);
      if (f.kind === "cash") continue;
      push(f.direction === "in" ? ins : outs, f.holderId, move);
    }
  });
  for (const list of [...ins.values(), ...outs.values(), ...exits.values()]) {
    list.sort(byTime);
    // A sort costs about log2(n) passes over the list.
    if (meter(list.length * Math.max(1, Math.log2(list.length)))) yield;
  }
  return { ins, outs, exits, seen };
}

/** The first and last instant a holder was seen in the history read. */
interface Span {
  first: number;
  last: number;
}

const median = (values: readonly number[]) => {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

const distinct = (moves: readonly Move[]) => new Set(moves.map((m) => m.party)).size;
const sum = (moves: readonly Move[]) => moves.reduce((n, m) => n + m.amountMinor, 0);
const within = (moves: readonly Move[], from: number, to: number) =>
  moves.filter((m) => m.ms >= from && m.ms <= to);

interface Fan {
  moves: Move[];
  count: number;
  /** The hub's normal: the larger of the window before and the median of its other windows. */
  before: number;
  /** Nothing seen of the hub until a window before the fan: a new or dormant account. */
  newHub: boolean;
}

/** First index of a sorted list at or after `ms`. */
function firstAt(moves: readonly Move[], ms: number): number {
  let lo = 0;
  let hi = moves.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (moves[mid]!.ms < ms) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Distinct parties of each window-long bin of the hub's span, with the bin's start. */
function bins(large: readonly Move[], span: Span, windowMs: number) {
  const out: { start: number; count: number }[] = [];
  for (let start = span.first; start <= span.last; start += windowMs)
    out.push({
      start,
      count: distinct(large.slice(firstAt(large, start), firstAt(large, start + windowMs))),
    });
  return out;
}

/**
 * The windows of `moves` (each at least a fifth of networkMinAmount) whose distinct parties reach
 * the floor and the multiple of the hub's normal (the larger of the window before and the median
 * of its other windows: a trader's regular buyers are its normal even at the start of the
 * history), with the total reached, earliest first. `accept` says whether a window is a scheme;
 * an accepted window's moves start no other window.
 */
function* fanWindows(
  meter: Meter,
  moves: readonly Move[],
  minCount: number,
  t: FanThresholds,
  span: Span,
  accept: (fan: Fan) => boolean,
  limits = { floorShare: MIN_SHARE_OF_FLOW, minTotalMinor: t.fanMinAmount * 100, regulars: true },
): Sliced<void> {
  const windowMs = t.fanWindowDays * DAY_MS;
  const floorMinor = t.networkMinAmount * 100 * limits.floorShare;
  const large = moves.filter((m) => m.amountMinor >= floorMinor);
  const perParty = new Map<string, number>();
  for (const m of large) perParty.set(m.party, (perParty.get(m.party) ?? 0) + 1);
  let tiles: ReturnType<typeof bins> | null = null;
  for (let i = 0; i < large.length; i++) {
    const start = large[i]!.ms;
    const end = firstAt(large, start + windowMs + 1);
    if (meter(1 + end - i)) yield;
    const inWindow = limits.regulars ? withoutRegulars(large.slice(i, end), perParty) : large.slice(i, end);
    if (inWindow.length === 0 || inWindow[0]!.ms !== start) continue;
    const count = distinct(inWindow);
    if (count < minCount || sum(inWindow) < limits.minTotalMinor) continue;
    if (!tiles) {
      tiles = bins(large, span, windowMs);
      if (meter(large.length + tiles.length)) yield;
    }
    const others = tiles.filter((b) => b.start + windowMs <= start || b.start > start + windowMs);
    const before = Math.max(
      distinct(large.slice(firstAt(large, start - windowMs), i)),
      median(others.map((b) => b.count)),
    );
    if (count < Math.ceil(t.fanBaselineMultiple * before)) continue;
    if (accept({ moves: inWindow, count, before, newHub: span.first > start - windowMs })) i = end - 1;
  }
}

/**
 * A party that also dealt with the hub at least REGULAR_MOVES times outside the window (before it
 * or after it: the history is read in event time) is one of the hub's regulars: a trader's weekly
 * supplier or buyer, a relative's monthly support. Regulars are the hub's normal, not a fan's
 * feeders or sinks: a fan is many counterparties new to the hub. On the benchmark, counting them
 * named traders' weekly buyers as feeders of a fan-in (3 holders) and made one trader's ordinary
 * busy fortnight a fan-in (docs/methodology/network.md#regular-counterparties).
 */
export const REGULAR_MOVES = 2;

function withoutRegulars(inWindow: Move[], perParty: ReadonlyMap<string, number>): Move[] {
  const inside = new Map<string, number>();
  for (const m of inWindow) inside.set(m.party, (inside.get(m.party) ?? 0) + 1);
  return inWindow.filter((m) => perParty.get(m.party)! - inside.get(m.party)! < REGULAR_MOVES);
}

/**
 * Fan-in: many senders to one holder within the window, and most of it moved out soon after.
 * Mule fans are read in `smaller`: the same history down to the mule's floor (MULE_FLOOR_SHARE).
 */
function* fanIns(book: FanBook, smaller: FanBook, t: FanThresholds, meter: Meter): Sliced<FanHit[]> {
  const { ins, exits, seen } = book;
  const hits: FanHit[] = [];
  const named: Named = new Map();
  const build: (hub: string) => Build = (hub) => (moves, before, newHub, judged) =>
    strangerInHit(hub, moves, before, newHub, judged, t);
  for (const [hub, moves] of ins) {
    yield* fanWindows(meter, moves, t.fanInMinCounterparties, t, seen.get(hub)!, (fan) => {
      const gathered = sum(fan.moves);
      const first = fan.moves[0]!.ms;
      const last = fan.moves[fan.moves.length - 1]!.ms;
      const feeders = new Set(fan.moves.map((m) => m.party));
      // Money out to anyone but the feeders, from the first arrival until the hold after the last.
      const out = within(exits.get(hub) ?? [], first, last + t.networkMaxHoldDays * DAY_MS).filter(
        (m) => !feeders.has(m.party),
      );
      const ratio = gathered > 0 ? sum(out) / gathered : 0;
      if (ratio * 100 < t.networkPassPercent) {
        const kept = strangerFanIn(fan, hub, book, t, named);
        if (kept) hits.push(kept);
        return kept !== null;
      }
      const sources = [...new Set(fan.moves.filter((m) => m.holder).map((m) => m.party))].sort();
      hits.push({
        typology: "fan_in",
        key: `fan_in:${hub}:${fan.moves[0]!.id}`,
        principal: hub,
        participants: [
          { holderId: hub, role: "hub" },
          ...sources.map((h) => ({ holderId: h, role: "source" as const })),
        ],
        firstAt: new Date(first).toISOString(),
        lastAt: new Date(Math.max(last, ...out.map((m) => m.ms))).toISOString(),
        amountMinor: gathered,
        transferIds: [...fan.moves, ...out].map((m) => m.id).sort(),
        reason: `${fan.count} senders paid ${money(gathered)} in ${days(last - first)} days (${fan.before} in the ${t.fanWindowDays} days before), and ${Math.round(ratio * 100)}% of it left within ${t.networkMaxHoldDays} days.`,
        counterfactual: `Quiet with fanInMinCounterparties above ${fan.count} (or fanBaselineMultiple above ${fan.before ? (fan.count / fan.before).toFixed(2) : "any value"}), or networkPassPercent above ${Math.floor(ratio * 100)}.`,
        measures: {
          senders: fan.count,
          sendersBefore: fan.before,
          passThroughRatio: Math.round(ratio * 10_000) / 10_000,
          // Nothing of the hub in the legs read until a window before: maybe new (see asMule).
          newHub: fan.newHub ? 1 : 0,
        },
      });
      return true;
    });
    const min = t.fanInMinCounterparties;
    yield* spanFans(meter, moves, min, t, longer(t), hub, book, hits, named, build(hub), undefined);
    const few = Math.max(2, min - SMALL_FAN_FEWER);
    // A small fan-in counts each stranger's one payment from the read floor (READ_FLOOR_SHARE, a
    // tenth of networkMinAmount, not MIN_SHARE_OF_FLOW): a stranger pays once, so it is no
    // everyday payment. On the labelled sets: 11 more true holders, no false one; the same for
    // fan-outs named one ordinary holder on ours, so theirs stays at MIN_SHARE_OF_FLOW.
    const small = {
      floorShare: READ_FLOOR_SHARE,
      minTotalMinor: fewer(t).fanMinAmount * 100,
      regulars: true,
    };
    yield* spanFans(meter, moves, few, t, fewer(t), hub, book, hits, named, build(hub), small);
  }
  const fanned = new Set(hits.map((h) => h.principal));
  for (const [hub, moves] of smaller.ins)
    if (!fanned.has(hub))
      hits.push(...(yield* muleFans(hub, moves, smaller.exits, smaller.seen.get(hub)!, t, meter)));
  return hits;
}

/**
 * The window's moves with holders that dealt with the hub nowhere else in the history read (no
 * other payment in or out, before or after: the history is read in event time), or null when the
 * hub has no normal to judge them against: it moved no money more than a window before the fan
 * or after its window (a burst that is all the history shows of the hub is not judged).
 */
function strangerMoves(
  fan: Fan,
  hub: string,
  book: FanBook,
  t: FanThresholds,
  oneOff = false,
): Move[] | null {
  const first = fan.moves[0]!.ms;
  const windowMs = t.fanWindowDays * DAY_MS;
  const own = new Set(fan.moves.map((m) => m.id));
  const elsewhere = new Set<string>();
  let active = false;
  for (const list of [book.ins.get(hub), book.exits.get(hub)])
    for (const m of list ?? []) {
      if (own.has(m.id)) continue;
      elsewhere.add(m.party);
      if (m.ms < first - windowMs || m.ms > first + windowMs) active = true;
    }
  if (!active) return null;
  const moves = fan.moves.filter((m) => m.holder && !elsewhere.has(m.party));
  if (!oneOff) return moves;
  const times = new Map<string, number>();
  for (const m of moves) times.set(m.party, (times.get(m.party) ?? 0) + 1);
  return moves.filter((m) => times.get(m.party) === 1);
}

/**
 * A fan of strangers is also judged over its own span, up to STRANGER_SPAN_MULTIPLE windows, when
 * each stranger paid or was paid once (an AMLSim-style fan: one payment per member on random days
 * of a 5-20 day period). A trader's new buyers come back within weeks; a fan's members do not.
 */
export const STRANGER_SPAN_MULTIPLE = 1.5;

const longer = (t: FanThresholds): FanThresholds => ({
  ...t,
  fanWindowDays: t.fanWindowDays * STRANGER_SPAN_MULTIPLE,
});

/**
 * A small fan of strangers: SMALL_FAN_FEWER fewer than the count (4 at the defaults), each paying
 * or paid once, within SMALL_FAN_WINDOW_SHARE of the window (7 days), moving SMALL_FAN_AMOUNT_SHARE
 * of fanMinAmount (15,000) and fanBaselineMultiple times the hub's normal of as many days. AMLSim's
 * fans of 5 members have 4 counterparties; an ordinary holder's one-off payers do not come four in
 * a week. On the labelled sets it named 40 holders of planted schemes and no other
 * (docs/methodology/typologies.md#kept-fans-over-their-own-span-and-small-fans-of-strangers).
 */
export const SMALL_FAN_FEWER = 1;
export const SMALL_FAN_WINDOW_SHARE = 0.5;
export const SMALL_FAN_AMOUNT_SHARE = 0.75;

const fewer = (t: FanThresholds): FanThresholds => ({
  ...t,
  fanWindowDays: t.fanWindowDays * SMALL_FAN_WINDOW_SHARE,
  fanMinAmount: t.fanMinAmount * SMALL_FAN_AMOUNT_SHARE,
});

/**
 * What silences a stranger fan of `count` moving `amount` (minor): the count and fanMinAmount
 * above which it is quiet (a small fan's bars are lower than the parameters).
 */
const bars = (count: number, amount: number, minCount: number) =>
  count < minCount
    ? { count: count + SMALL_FAN_FEWER, amount: money(amount / SMALL_FAN_AMOUNT_SHARE) }
    : { count, amount: money(amount) };

/** A stranger fan's hit and the moves it names, to extend it with the same fan seen over its span. */
type Named = Map<FanHit, Move[]>;

/** Builds a stranger fan's hit from its moves and the hub's normal, or null when it is not one. */
type Build = (moves: Move[], before: number, newHub: boolean, judged: FanThresholds) => FanHit | null;

/**
 * The hub's fans of strangers who paid or were paid once, judged on `tl` (over their own span:
 * longer; or small fans: smaller): one already found (in `hits`, its moves in `named`) is
 * extended with the strangers around it, within tl's window; one not found is added.
 */
function* spanFans(
  meter: Meter,
  moves: readonly Move[],
  minCount: number,
  t: FanThresholds,
  tl: FanThresholds,
  hub: string,
  book: FanBook,
  hits: FanHit[],
  named: Named,
  build: Build,
  limits: Parameters<typeof fanWindows>[6],
): Sliced<void> {
  yield* fanWindows(
    meter,
    moves,
    minCount,
    tl,
    book.seen.get(hub)!,
    (fan) => {
      // The hub's normal lies more than a window (the longer of the two) from the fan.
      const away = tl.fanWindowDays > t.fanWindowDays ? tl : t;
      const strangers = strangerMoves(fan, hub, book, away, true);
      if (!strangers || !strangersSuffice(strangers, minCount, fan, tl)) return false;
      const first = new Date(strangers[0]!.ms).toISOString();
      const last = new Date(strangers[strangers.length - 1]!.ms).toISOString();
      const i = hits.findIndex((h) => h.principal === hub && h.firstAt <= last && first <= h.lastAt);
      const prior = i < 0 ? [] : named.get(hits[i]!);
      // A fan the money leaves already names its senders or recipients.
      if (!prior) return true;
      const ids = new Set(prior.map((m) => m.id));
      const union = [...prior, ...strangers.filter((m) => !ids.has(m.id))].sort(byTime);
      // Nothing more than the fan found, or more than the span: no hit from this start.
      if (union.length === prior.length) return false;
      if (union[union.length - 1]!.ms - union[0]!.ms > tl.fanWindowDays * DAY_MS) return false;
      const hit = build(union, fan.before, fan.newHub, tl);
      if (!hit) return false;
      if (i < 0) hits.push(hit);
      else hits[i] = hit;
      named.set(hit, union);
      // Later starts may reach more of the same fan: they extend this hit.
      return false;
    },
    limits,
  );
}

/** Enough strangers, against the floor and the hub's normal, moving fanMinAmount or more. */
const strangersSuffice = (moves: readonly Move[], minCount: number, fan: Fan, t: FanThresholds) => {
  const count = distinct(moves);
  return (
    count >= minCount &&
    count >= Math.ceil(t.fanBaselineMultiple * fan.before) &&
    sum(moves) >= t.fanMinAmount * 100
  );
};

/**
 * What a fan of strangers names whichever way it runs: the hub and the strangers (in the given
 * role), the span of their moves, their sum and transfers. The caller adds reason and measures.
 */
function strangerHit(
  typology: "fan_in" | "fan_out",
  hub: string,
  role: "source" | "sink",
  moves: readonly Move[],
) {
  const parties = [...new Set(moves.map((m) => m.party))].sort();
  return {
    typology,
    key: `${typology}:${hub}:${moves[0]!.id}`,
    principal: hub,
    participants: [{ holderId: hub, role: "hub" as const }, ...parties.map((h) => ({ holderId: h, role }))],
    firstAt: new Date(moves[0]!.ms).toISOString(),
    lastAt: new Date(moves[moves.length - 1]!.ms).toISOString(),
    amountMinor: sum(moves),
    transferIds: moves.map((m) => m.id).sort(),
  };
}

/**
 * A fan-in the money need not leave (an AMLSim-style fan ends at the hub), judged against the
 * hub's own counterparty normal alone: fanInMinCounterparties or more strangers (strangerMoves),
 * and fanBaselineMultiple times the hub's normal (the larger of the window before and the median
 * of its other windows), paid fanMinAmount or more. Only the strangers are named. A trader's
 * buyers come back or are its normal when every week brings new ones; staff and a susu's members
 * pay again; an account with no other activity has no normal
 * (docs/methodology/typologies.md#kept-fans-read-against-the-hubs-own-normal-without-an-exit).
 */
function strangerFanIn(fan: Fan, hub: string, book: FanBook, t: FanThresholds, named: Named): FanHit | null {
  const moves = strangerMoves(fan, hub, book, t);
  if (!moves || !strangersSuffice(moves, t.fanInMinCounterparties, fan, t)) return null;
  const hit = strangerInHit(hub, moves, fan.before, fan.newHub, t);
  named.set(hit, moves);
  return hit;
}

/** strangerFanIn's hit on its strangers' moves. */
function strangerInHit(
  hub: string,
  moves: Move[],
  before: number,
  newHub: boolean,
  judged: FanThresholds,
  t: FanThresholds = judged,
): FanHit {
  const count = distinct(moves);
  const gathered = sum(moves);
  const bar = bars(count, gathered, t.fanInMinCounterparties);
  const firstMs = moves[0]!.ms;
  const lastMs = moves[moves.length - 1]!.ms;
  return {
    ...strangerHit("fan_in", hub, "source", moves),
    reason: `${count} senders that paid or were paid by the hub at no other time paid ${money(gathered)} in ${days(lastMs - firstMs)} days (its normal: ${before} senders in ${judged.fanWindowDays} days).`,
    counterfactual: `Quiet with fanInMinCounterparties above ${bar.count}, fanBaselineMultiple above ${before ? (count / before).toFixed(2) : "any value"}, or fanMinAmount above ${bar.amount}.`,
    measures: {
      senders: count,
      sendersBefore: before,
      strangers: count,
      passThroughRatio: 0,
      newHub: newHub ? 1 : 0,
    },
  };
}

/**
 * A fan-out the recipients need not pass on (an AMLSim-style fan ends at its beneficiaries), read
 * like strangerFanIn, and only when the hub's payouts to the strangers have no outside source:
 * what arrived from accounts outside the tenant (a lender, a buyer's bank; not cash, not holders)
 * from networkMaxHoldDays before the first payout to the last is less than what it paid them. A
 * seasonal buyer pays workers and farmers it never paid before out of a loan that just landed; on
 * the benchmark without this 36 ordinary holders on ours and 108 on the held-out set were named.
 */
function strangerFanOut(fan: Fan, hub: string, book: FanBook, t: FanThresholds, named: Named): FanHit | null {
  const moves = strangerMoves(fan, hub, book, t);
  if (!moves || !strangersSuffice(moves, t.fanOutMinCounterparties, fan, t)) return null;
  const hit = strangerOutHit(hub, book, moves, fan.before, t);
  if (hit) named.set(hit, moves);
  return hit;
}

/** strangerFanOut's hit on its strangers' moves, or null when outside money covers them. */
function strangerOutHit(
  hub: string,
  book: FanBook,
  moves: Move[],
  before: number,
  judged: FanThresholds,
  t: FanThresholds = judged,
): FanHit | null {
  const count = distinct(moves);
  const paid = sum(moves);
  const bar = bars(count, paid, t.fanOutMinCounterparties);
  const firstMs = moves[0]!.ms;
  const lastMs = moves[moves.length - 1]!.ms;
  const funded = sum(
    within(book.ins.get(hub) ?? [], firstMs - t.networkMaxHoldDays * DAY_MS, lastMs).filter((m) => !m.holder),
  );
  if (funded >= paid) return null;
  return {
    ...strangerHit("fan_out", hub, "sink", moves),
    reason: `${count} recipients that paid or were paid by the hub at no other time were paid ${money(paid)} in ${days(lastMs - firstMs)} days (its normal: ${before} recipients in ${judged.fanWindowDays} days), ${money(funded)} of it from outside the tenant.`,
    counterfactual: `Quiet with fanOutMinCounterparties above ${bar.count}, fanBaselineMultiple above ${before ? (count / before).toFixed(2) : "any value"}, fanMinAmount above ${bar.amount}, or ${money(paid - funded)} more from outside the tenant within ${t.networkMaxHoldDays} days before.`,
    measures: {
      recipients: count,
      recipientsBefore: before,
      strangers: count,
      passedOn: 0,
      holderRecipients: count,
      fundedFromOutside: funded,
    },
  };
}

/**
 * Every typology reads legs from a tenth of networkMinAmount; mule fans from a twentieth
 * (MULE_FLOOR_SHARE), 3,000 GHS in all at the defaults (MULE_TOTAL_SHARE of fanMinAmount). A new
 * or dormant account has no normal of its own to measure a fan against, so a mule's fan is judged
 * by what it is (5 or more senders, drained to cash or outsiders within networkBurstDays) rather
 * than by the network floor: on the benchmark the smallest mules planted (5 senders, 4,073 and
 * 5,605 GHS, one payment of each under 500) were missed at a tenth and a quarter
 * (docs/methodology/network.md#mule-fans).
 */
export const READ_FLOOR_SHARE = 0.1;
export const MULE_FLOOR_SHARE = 0.05;
const MULE_TOTAL_SHARE = 0.15;

/**
 * A mule's fan-in (issue 34: a new or dormant account that receives from many and drains through
 * cash-out): smaller than a fan-in must be, so only on a hub the legs show nothing of until a
 * window before, and only when cash or outsiders take networkPassPercent of it within
 * networkBurstDays of the last payment. The scan keeps it only when the book confirms the hub is
 * new or dormant (isMuleHub): `measures.muleOnly`.
 */
function* muleFans(
  hub: string,
  moves: Move[],
  exits: Map<string, Move[]>,
  span: Span,
  t: FanThresholds,
  meter: Meter,
): Sliced<FanHit[]> {
  const hits: FanHit[] = [];
  yield* fanWindows(
    meter,
    moves,
    t.fanInMinCounterparties,
    t,
    span,
    (fan) => {
      if (!fan.newHub) return false;
      const gathered = sum(fan.moves);
      const first = fan.moves[0]!.ms;
      const last = fan.moves[fan.moves.length - 1]!.ms;
      const out = within(exits.get(hub) ?? [], first, last + t.networkBurstDays * DAY_MS).filter(
        (m) => !m.holder,
      );
      const ratio = gathered > 0 ? sum(out) / gathered : 0;
      if (ratio * 100 < t.networkPassPercent) return false;
      hits.push({
        typology: "fan_in",
        key: `fan_in:${hub}:${fan.moves[0]!.id}`,
        principal: hub,
        participants: [{ holderId: hub, role: "hub" }],
        firstAt: new Date(first).toISOString(),
        lastAt: new Date(Math.max(last, ...out.map((m) => m.ms))).toISOString(),
        amountMinor: gathered,
        transferIds: [...fan.moves, ...out].map((m) => m.id).sort(),
        reason: `${fan.count} senders paid ${money(gathered)} in ${days(last - first)} days, and ${Math.round(ratio * 100)}% of it left as cash or to outsiders within ${t.networkBurstDays} days.`,
        counterfactual: `Quiet with fanInMinCounterparties above ${fan.count}, or networkPassPercent above ${Math.floor(ratio * 100)}.`,
        measures: {
          senders: fan.count,
          sendersBefore: fan.before,
          passThroughRatio: Math.round(ratio * 10_000) / 10_000,
          newHub: 1,
          muleOnly: 1,
        },
      });
      return true;
    },
    { floorShare: MULE_FLOOR_SHARE, minTotalMinor: t.fanMinAmount * 100 * MULE_TOTAL_SHARE, regulars: true },
  );
  return hits;
}

/** Fan-out: one holder pays many within the window, and most holder recipients pass it straight on. */
function* fanOuts(book: FanBook, t: FanThresholds, meter: Meter): Sliced<FanHit[]> {
  const { outs, exits, seen } = book;
  const hits: FanHit[] = [];
  const passMs = t.networkBurstDays * DAY_MS;
  // Regulars count here: the recipients' passing it straight on is what separates a scheme from
  // a business paying its suppliers (not counting them lost 3 gather-scatter sinks on the benchmark).
  const limits = { floorShare: MIN_SHARE_OF_FLOW, minTotalMinor: t.fanMinAmount * 100, regulars: false };
  const named: Named = new Map();
  const build: (hub: string) => Build = (hub) => (moves, before, _newHub, judged) =>
    strangerOutHit(hub, book, moves, before, judged, t);
  for (const [hub, moves] of outs) {
    yield* fanWindows(
      meter,
      moves,
      t.fanOutMinCounterparties,
      t,
      seen.get(hub)!,
      (fan) => {
        const received = new Map<string, { amount: number; first: number }>();
        for (const m of fan.moves.filter((x) => x.holder)) {
          const r = received.get(m.party) ?? { amount: 0, first: m.ms };
          r.amount += m.amountMinor;
          received.set(m.party, r);
        }
        const passedOn = [...received].filter(([sink, r]) => {
          const out = within(exits.get(sink) ?? [], r.first, r.first + passMs).filter((m) => m.party !== hub);
          return sum(out) * 100 >= t.networkPassPercent * r.amount;
        });
        // Most recipients among the holders, and enough of them, moved it straight on; or else
        // the recipients are strangers to a hub that pays from no outside source.
        if (
          passedOn.length * 2 < received.size ||
          passedOn.length < Math.ceil(t.fanOutMinCounterparties / 2)
        ) {
          const kept = strangerFanOut(fan, hub, book, t, named);
          if (kept) hits.push(kept);
          return kept !== null;
        }
        const sinks = [...received.keys()].sort();
        const paid = sum(fan.moves);
        const first = fan.moves[0]!.ms;
        const last = fan.moves[fan.moves.length - 1]!.ms;
        hits.push({
          typology: "fan_out",
          key: `fan_out:${hub}:${fan.moves[0]!.id}`,
          principal: hub,
          participants: [
            { holderId: hub, role: "hub" },
            ...sinks.map((h) => ({ holderId: h, role: "sink" as const })),
          ],
          firstAt: new Date(first).toISOString(),
          lastAt: new Date(last + passMs).toISOString(),
          amountMinor: paid,
          transferIds: fan.moves.map((m) => m.id).sort(),
          reason: `${fan.count} recipients were paid ${money(paid)} in ${days(last - first)} days (${fan.before} in the ${t.fanWindowDays} days before); ${passedOn.length} of the ${received.size} who are holders moved ${t.networkPassPercent}% or more of it on within ${t.networkBurstDays} days.`,
          counterfactual: `Quiet with fanOutMinCounterparties above ${fan.count}, or networkPassPercent high enough that fewer than half the recipients passed it on.`,
          measures: {
            recipients: fan.count,
            recipientsBefore: fan.before,
            passedOn: passedOn.length,
            holderRecipients: received.size,
          },
        });
        return true;
      },
      limits,
    );
    const min = t.fanOutMinCounterparties;
    yield* spanFans(meter, moves, min, t, longer(t), hub, book, hits, named, build(hub), limits);
    const ts = fewer(t);
    const few = Math.max(2, min - SMALL_FAN_FEWER);
    const small = { ...limits, minTotalMinor: ts.fanMinAmount * 100 };
    yield* spanFans(meter, moves, few, t, ts, hub, book, hits, named, build(hub), small);
  }
  return hits;
}

type FanInput = { transfers: readonly Transfer[]; external: readonly ExternalFlow[] };

/**
 * The fans of the network, sorted by key. `smaller`: the same history read down to the mule's
 * floor (MULE_FLOOR_SHARE of networkMinAmount), for mule fans only; `input` when not given.
 */
export function detectFans(input: FanInput, t: FanThresholds, smaller: FanInput = input): FanHit[] {
  return drain(fanSteps(input, t, smaller));
}

/** detectFans in steps of FAN_STEP. */
export function* fanSteps(input: FanInput, t: FanThresholds, smaller: FanInput = input): Sliced<FanHit[]> {
  const meter = workMeter(FAN_STEP);
  const book = yield* index(input.transfers, input.external, meter);
  const muleBook = smaller === input ? book : yield* index(smaller.transfers, smaller.external, meter);
  const ins = yield* fanIns(book, muleBook, t, meter);
  const outs = yield* fanOuts(book, t, meter);
  return [...ins, ...outs].sort((a, b) => (a.key < b.key ? -1 : 1));
}

/**
 * A fan-in whose hub was new or dormant (no transaction of any amount until a window before the
 * fan; the scan checks the hub's earliest transaction, which the legs it reads may not show): a
 * money mule. Its senders are usually a scam's victims, not feeders, so only the hub is named.
 */
export const asMule = (hit: FanHit): FanHit => ({
  ...hit,
  participants: hit.participants.filter((p) => p.role === "hub"),
  reason: `A new or dormant account: ${hit.reason}`,
  measures: { ...hit.measures, mule: 1 },
});

/** What the book says of a fan-in hub before the fan (dates ISO-8601; null when none). */
export interface HubHistory {
  /** The earliest opening date of its accounts as the source system gave it. */
  opened: string | null;
  /** Its earliest transaction of any amount. */
  earliest: string | null;
  /** Its latest transaction before the last days before the fan (a mule's first cash-in aside). */
  lastBefore: string | null;
  /** The tenant's earliest transaction: before it, the book says nothing of anyone. */
  tenantStart: string | null;
}

const NEW_DAYS = 30;
const DORMANT_DAYS = 60;
/** The days just before a fan that do not count against dormancy (a mule's priming cash-in). */
export const PRIMING_DAYS = 3;

/**
 * A fan-in hub is a mule when its account is new (opened, or first seen well after the book
 * begins, within 30 days before the fan) or dormant (it had activity, then none from 60 to 3 days
 * before the fan). A hub whose quiet past is only the book not reaching back is neither.
 */
export function isMuleHub(h: HubHistory, fanStartMs: number): boolean {
  const ms = (d: string | null) => (d === null ? null : Date.parse(d));
  const opened = ms(h.opened);
  const earliest = ms(h.earliest);
  const lastBefore = ms(h.lastBefore);
  const tenantStart = ms(h.tenantStart);
  const newSince = fanStartMs - NEW_DAYS * DAY_MS;
  const isNew =
    opened !== null
      ? opened > newSince
      : earliest !== null &&
        earliest > newSince &&
        (tenantStart === null || earliest > tenantStart + NEW_DAYS * DAY_MS);
  const dormant =
    earliest !== null &&
    earliest < newSince &&
    (lastBefore === null || lastBefore < fanStartMs - DORMANT_DAYS * DAY_MS);
  return isNew || dormant;
}
