// The second generator's laundering patterns, as AMLSim builds them: a pattern is 4-10 accounts,
// its transactions are placed on random days of the pattern's period (5-20 days), and their
// amounts are drawn from the same log-normal as ordinary transfers, often passed on with a small
// reduction at each hop. Nothing here is sized to our rules' floors, windows or counts.
import { DAY_MS } from "../ledger.mjs";

export const PATTERNS = ["fan_in", "fan_out", "cycle", "scatter_gather", "gather_scatter"];

/** Fills each pattern's roles for `size` members (the first role is the pattern's principal). */
export function patternRoles(typology, size) {
  const rest = (n, role) => Array(n).fill(role);
  if (typology === "fan_in") return ["hub", ...rest(size - 1, "feeder")];
  if (typology === "fan_out") return ["hub", ...rest(size - 1, "beneficiary")];
  if (typology === "cycle") return ["origin", ...rest(size - 1, "intermediary")];
  if (typology === "scatter_gather") return ["source", ...rest(size - 2, "intermediary"), "sink"];
  const sources = Math.floor((size - 1) / 2);
  return [...rest(sources, "source"), "hub", ...rest(size - 1 - sources, "beneficiary")];
}

/**
 * Writes one pattern's transfers on ledger `L`. `s`: { typology, members (holders, in the roles'
 * order), roles, startDay, spreadDays }; `amount()` draws an ordinary transfer amount (minor
 * units); `reduce`: the per-hop factor (1 when the pattern passes amounts on unchanged).
 * Returns the last transfer's day (from the history's start).
 */
export function plantPattern(L, r, s, { start, amount, reduce }) {
  const at = (day) => start + day * DAY_MS;
  const day = (from = 0, to = 1) => s.startDay + s.spreadDays * r.uniform(from, to);
  const tag = { scheme: s.id };
  const of = (role) => s.members.filter((_, i) => s.roles[i] === role);
  const moved = [];
  const send = (from, to, minor, d) => {
    L.transfer(from, to, Math.max(100, Math.round(minor)), at(d), tag);
    moved.push(d);
  };
  const [principal] = s.members;
  if (s.typology === "fan_in") for (const f of of("feeder")) send(f, principal, amount(), day());
  if (s.typology === "fan_out") for (const b of of("beneficiary")) send(principal, b, amount(), day());
  if (s.typology === "cycle") {
    // Hops in order round the ring, back to the origin; each passes on what it got, reduced.
    const days = Array.from({ length: s.members.length }, () => day()).sort((a, b) => a - b);
    let minor = amount();
    s.members.forEach((m, i) => {
      send(m, s.members[(i + 1) % s.members.length], minor, days[i]);
      minor *= reduce;
    });
  }
  if (s.typology === "scatter_gather") {
    const [sink] = of("sink");
    for (const m of of("intermediary")) {
      const minor = amount();
      send(principal, m, minor, day(0, 0.5));
      send(m, sink, minor * reduce, day(0.5, 1));
    }
  }
  if (s.typology === "gather_scatter") {
    const [hub] = of("hub");
    let total = 0;
    for (const m of of("source")) {
      const minor = amount();
      total += minor;
      send(m, hub, minor, day(0, 0.5));
    }
    const beneficiaries = of("beneficiary");
    for (const b of beneficiaries) send(hub, b, (total * reduce) / beneficiaries.length, day(0.55, 1));
  }
  return Math.max(...moved);
}
