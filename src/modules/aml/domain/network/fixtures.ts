/**
 * Generators of small networks for the tests: legitimate look-alikes and planted schemes.
 * Amounts are given in major units and stored in minor units; times are days after T0.
 */
import { DAY_MS, type ExternalFlow, type NetworkInput, type Transfer } from "./types";

export const T0 = Date.parse("2026-01-05T08:00:00.000Z");
export const HOUR = 1 / 24;

/** A tiny seeded PRNG (mulberry32). */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export type Rng = () => number;
export const uniform = (rng: Rng, lo: number, hi: number): number => lo + (hi - lo) * rng();
export const int = (rng: Rng, lo: number, hi: number): number => Math.floor(uniform(rng, lo, hi + 1));

/** A book of transfers and external flows with unique ids under a prefix. */
export class Book implements NetworkInput {
  transfers: Transfer[] = [];
  external: ExternalFlow[] = [];
  private n = 0;
  constructor(readonly prefix: string) {}

  /** Pays `amount` major units from one holder to another `day` days after T0; returns the id. */
  pay(from: string, to: string, amount: number, day: number): string {
    const id = `${this.prefix}-t${String(++this.n).padStart(5, "0")}`;
    this.transfers.push({ id, from, to, amountMinor: Math.round(amount * 100), at: iso(day) });
    return id;
  }

  ext(
    holderId: string,
    direction: "in" | "out",
    kind: "cash" | "outside",
    amount: number,
    day: number,
  ): void {
    const id = `${this.prefix}-x${String(++this.n).padStart(5, "0")}`;
    this.external.push({
      id,
      holderId,
      direction,
      kind,
      amountMinor: Math.round(amount * 100),
      at: iso(day),
    });
  }
}

export const iso = (day: number): string => new Date(T0 + Math.round(day * DAY_MS)).toISOString();

/** Fisher-Yates with the given PRNG, on a copy. */
export function shuffled<T>(items: readonly T[], rng: Rng): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

const names = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => `${prefix}${String(i).padStart(2, "0")}`);

// ---- legitimate look-alikes ----

/** 5-12 members; every week each pays the same contribution to that week's recipient, in a fixed order. */
export function rotatingSusu(book: Book, rng: Rng, p: string, start = 0): string[] {
  const members = names(`${p}m`, int(rng, 5, 12));
  const contribution = Math.round(uniform(rng, 50, 600));
  const weeks = Math.max(8, members.length * int(rng, 1, 2));
  for (let w = 0; w < weeks; w++) {
    const recipient = members[w % members.length];
    for (const m of members) {
      if (m !== recipient) book.pay(m, recipient, contribution, start + w * 7 + uniform(rng, 0, 2));
    }
  }
  return members;
}

/** Members pay 5-100 on many days to a collector who pays one member the month's pot less 5%. */
export function collectorSusu(book: Book, rng: Rng, p: string, start = 0): string[] {
  const collector = `${p}col`;
  const members = names(`${p}m`, int(rng, 10, 40));
  for (let month = 0; month < 3; month++) {
    let pot = 0;
    for (const m of members) {
      const daily = Math.round(uniform(rng, 5, 100));
      for (let d = 0; d < 30; d++) {
        if (rng() < 0.7) {
          book.pay(m, collector, daily, start + month * 30 + d + uniform(rng, 0, 0.5));
          pot += daily;
        }
      }
    }
    book.pay(collector, members[month % members.length], pot * 0.95, start + month * 30 + 30.2);
  }
  return [collector, ...members];
}

/** An employer pays 18 salaries on the 25th; employees spend, pay family, cash out and pay one shop. */
export function payroll(book: Book, rng: Rng, p: string, start = 0): string[] {
  const employer = `${p}emp`;
  const shop = `${p}shop`;
  const staff = names(`${p}e`, 18);
  for (let month = 0; month < 3; month++) {
    const payday = start + month * 30 + 20;
    book.ext(employer, "in", "outside", 200_000, payday - 3);
    for (const e of staff) {
      const salary = Math.round(uniform(rng, 800, 15_000));
      book.pay(employer, e, salary, payday + uniform(rng, 0, 10 / 1440));
      book.pay(e, `${e}fam`, salary * uniform(rng, 0.03, 0.12), payday + uniform(rng, 0.5, 5));
      book.ext(e, "out", "cash", salary * uniform(rng, 0.12, 0.25), payday + uniform(rng, 0.2, 3));
      for (let k = 0; k < 6; k++)
        book.ext(e, "out", "outside", uniform(rng, 10, 200), payday + uniform(rng, 0, 29));
      if (rng() < 0.3)
        for (let k = 0; k < 3; k++) book.pay(e, shop, uniform(rng, 20, 300), payday + uniform(rng, 1, 25));
    }
  }
  return [employer, shop, ...staff];
}

/** 80 holders pay a merchant small amounts; it pays a supplier 4,000 weekly and sweeps to its bank. */
export function marketTrader(book: Book, rng: Rng, p: string, start = 0): string[] {
  const merchant = `${p}mer`;
  const supplier = `${p}sup`;
  const buyers = names(`${p}b`, 80);
  for (let week = 0; week < 8; week++) {
    let takings = 0;
    for (const b of buyers) {
      if (rng() < 0.6) {
        const amount = Math.round(60 * Math.exp(uniform(rng, -1, 1)));
        book.pay(b, merchant, amount, start + week * 7 + uniform(rng, 0, 7));
        takings += amount;
      }
    }
    book.pay(merchant, supplier, 4000, start + week * 7 + 6);
    book.ext(merchant, "out", "outside", takings * uniform(rng, 0.6, 0.9), start + week * 7 + 6.5);
  }
  return [merchant, supplier, ...buyers];
}

/** A pays B, B pays C a little less ten days later, once. */
export function familySupport(book: Book, p: string, amount = 3000, start = 0): string[] {
  book.pay(`${p}A`, `${p}B`, amount, start);
  book.pay(`${p}B`, `${p}C`, amount - 100, start + 10);
  return [`${p}A`, `${p}B`, `${p}C`];
}

/** A financier pays a cocoa buyer 60,000 in 3 credits; the buyer pays 5-24 farmers over 3 weeks. */
export function seasonal(book: Book, rng: Rng, p: string, start = 0): string[] {
  const financier = `${p}fin`;
  const buyer = `${p}buy`;
  for (let k = 0; k < 3; k++) book.pay(financier, buyer, 20_000, start + k * uniform(rng, 2, 4));
  const farmers = int(rng, 5, 24);
  const weights = Array.from({ length: farmers }, () => uniform(rng, 0.5, 1.5));
  const total = weights.reduce((a, b) => a + b, 0);
  const holders: string[] = [financier, buyer];
  weights.forEach((w, i) => {
    const amount = (60_000 * 0.98 * w) / total;
    const day = start + uniform(rng, 1, 21);
    if (rng() < 0.25) {
      const f = `${p}f${String(i).padStart(2, "0")}`;
      holders.push(f);
      book.pay(buyer, f, amount, day);
    } else book.ext(buyer, "out", "outside", amount, day);
  });
  return holders;
}

// ---- planted schemes ----

/** A ring of `hops` holders: 25,000 goes round keeping 0-5% per hop, hops 0.2-3 days apart, 2 rounds 5 days apart. */
export function plantCycle(book: Book, rng: Rng, p: string, hops: number, start = 0): string[] {
  const ring = names(`${p}r`, hops);
  let day = start;
  for (let round = 0; round < 2; round++) {
    let amount = 25_000;
    for (let h = 0; h < hops; h++) {
      book.pay(ring[h], ring[(h + 1) % hops], amount, day);
      amount *= 1 - uniform(rng, 0, 0.05);
      day += uniform(rng, 0.2, 3);
    }
    day += 5;
  }
  return ring;
}

/** 60,000 split over 5 intermediaries within 2 days, each passing 95-100% to the sink 0.3-4 days later in 1-2 transfers. */
export function plantScatterGather(
  book: Book,
  rng: Rng,
  p: string,
  start = 0,
): { source: string; mids: string[]; sink: string } {
  const source = `${p}src`;
  const sink = `${p}snk`;
  const mids = names(`${p}i`, 5);
  const weights = mids.map(() => uniform(rng, 0.7, 1.3));
  const total = weights.reduce((a, b) => a + b, 0);
  const amounts = weights.map((w) => Math.round((60_000 * w * 100) / total) / 100);
  amounts[amounts.length - 1] =
    Math.round((60_000 - amounts.slice(0, -1).reduce((a, b) => a + b, 0)) * 100) / 100;
  mids.forEach((m, i) => {
    const amount = amounts[i];
    const day = start + uniform(rng, 0, 2);
    book.pay(source, m, amount, day);
    const passed = amount * uniform(rng, 0.95, 1);
    const when = day + uniform(rng, 0.3, 4);
    if (rng() < 0.5) book.pay(m, sink, passed, when);
    else {
      const part = uniform(rng, 0.3, 0.7);
      book.pay(m, sink, passed * part, when);
      book.pay(m, sink, passed * (1 - part), when + uniform(rng, 0.1, 2));
    }
  });
  return { source, mids, sink };
}

/** 4 sources pay a hub 4,000-30,000 each within 4 days; the hub passes 93-99% to 4 sinks 0.3-3 days after. */
export function plantGatherScatter(
  book: Book,
  rng: Rng,
  p: string,
  start = 0,
): { sources: string[]; hub: string; sinks: string[] } {
  const hub = `${p}hub`;
  const sources = names(`${p}s`, 4);
  const sinks = names(`${p}k`, 4);
  let gathered = 0;
  let last = start;
  for (const s of sources) {
    const amount = Math.round(uniform(rng, 4000, 30_000));
    const day = start + uniform(rng, 0, 4);
    book.pay(s, hub, amount, day);
    gathered += amount;
    last = Math.max(last, day);
  }
  const out = gathered * uniform(rng, 0.93, 0.99);
  const weights = sinks.map(() => uniform(rng, 0.7, 1.3));
  const total = weights.reduce((a, b) => a + b, 0);
  sinks.forEach((k, i) => {
    book.pay(hub, k, (out * weights[i]) / total, last + uniform(rng, 0.3, 3));
  });
  return { sources, hub, sinks };
}

/** 80,000 through a chain of 4 holders, each holding 5-20 days and passing 97-100% on in 2-4 transfers within 3 days. */
export function plantLayering(book: Book, rng: Rng, p: string, start = 0): string[] {
  const chain = names(`${p}c`, 4);
  book.pay(chain[0], chain[1], 80_000, start);
  let amount = 80_000;
  let day = start;
  for (let h = 1; h < chain.length - 1; h++) {
    day += uniform(rng, 5, 20);
    amount *= uniform(rng, 0.97, 1);
    const parts = int(rng, 2, 4);
    let sent = 0;
    for (let k = 0; k < parts; k++) {
      const piece = k === parts - 1 ? amount - sent : Math.round(amount / parts);
      book.pay(chain[h], chain[h + 1], piece, day + (k * 2.9) / Math.max(1, parts - 1));
      sent += piece;
    }
    day += 2.9;
  }
  return chain;
}

/** Random transfers among `holders` holders over `spanDays`: mostly small, a long tail up to ~100,000. */
export function background(book: Book, rng: Rng, holders: number, transfers: number, spanDays = 365): void {
  for (let i = 0; i < transfers; i++) {
    const from = Math.floor(rng() * holders);
    let to = Math.floor(rng() * (holders - 1));
    if (to >= from) to++;
    const amount = Math.round(Math.exp(uniform(rng, Math.log(20), Math.log(100_000))) * 100) / 100;
    book.pay(`bg${from}`, `bg${to}`, amount, uniform(rng, 0, spanDays));
  }
}
