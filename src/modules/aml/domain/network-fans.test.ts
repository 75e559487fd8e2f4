import { describe, expect, it } from "vitest";
import { DEFAULT_THRESHOLDS } from "../../detection/domain/aml/thresholds";
import type { ExternalFlow, Transfer } from "./network/types";
import { asMule, detectFans, type FanThresholds, isMuleHub, READ_FLOOR_SHARE } from "./network-fans";

const T = DEFAULT_THRESHOLDS as unknown as FanThresholds;
const DAY = 86_400_000;
const START = Date.UTC(2026, 8, 1);
const at = (day: number) => new Date(START + day * DAY).toISOString();
const cedis = (n: number) => Math.round(n * 100);

/** A little book: transfers between holders and flows out to cash or outsiders. */
function book() {
  const transfers: Transfer[] = [];
  const external: ExternalFlow[] = [];
  let n = 0;
  const pay = (from: string, to: string, amount: number, day: number): void => {
    transfers.push({ id: `t${++n}`, from, to, amountMinor: cedis(amount), at: at(day) });
  };
  const flow = (
    holderId: string,
    direction: "in" | "out",
    kind: "cash" | "outside",
    amount: number,
    day: number,
  ) => ({
    id: `x${++n}`,
    holderId,
    direction,
    kind,
    amountMinor: cedis(amount),
    at: at(day),
  });
  const out = (holderId: string, amount: number, day: number, kind: "cash" | "outside" = "cash"): void => {
    external.push(flow(holderId, "out", kind, amount, day));
  };
  const inFrom = (holderId: string, counterparty: string, amount: number, day: number): void => {
    external.push({ ...flow(holderId, "in", "outside", amount, day), counterparty });
  };
  return { transfers, external, pay, out, inFrom };
}

const found = (b: ReturnType<typeof book>) =>
  detectFans(b, T).map(
    (h) => `${h.typology}:${h.participants.map((p) => `${p.role}=${p.holderId}`).join(",")}`,
  );

describe("fan-in and exit", () => {
  it("fires on eight feeders paying a hub within days, the hub moving 95% out as cash, naming each", () => {
    const b = book();
    // The hub's ordinary month: two friends.
    b.pay("f-friend", "hub", 1_500, 0);
    b.pay("g-friend", "hub", 1_200, 10);
    const feeders = ["a", "b", "c", "d", "e", "f", "g", "h"];
    for (const [i, f] of feeders.entries()) b.pay(f, "hub", 4_000, 30 + i * 0.8);
    for (const d of [37, 37.5, 38]) b.out("hub", 10_200, d);
    expect(found(b)).toEqual([`fan_in:hub=hub,${feeders.map((f) => `source=${f}`).join(",")}`]);
    const [hit] = detectFans(b, T);
    expect(hit!.reason).toContain("8 senders paid 32000.00");
    expect(hit!.measures.passThroughRatio).toBeCloseTo(30_600 / 32_000, 4);
  });

  it("says when the hub was not seen until the fan, and names only the hub of a mule", () => {
    const b = book();
    b.out("mule", 50, 20);
    ["a", "b", "c", "d", "e", "f"].forEach((v, i) => {
      b.pay(v, "mule", 3_500, 21 + i * 0.3);
    });
    b.out("mule", 20_000, 23);
    const [hit] = detectFans(b, T);
    expect(hit!.measures.newHub).toBe(1);
    expect(hit!.participants).toHaveLength(7);
    expect(asMule(hit!).participants).toEqual([{ holderId: "mule", role: "hub" }]);
    expect(asMule(hit!).reason).toMatch(/^A new or dormant account: 6 senders/);
  });

  it("finds a small mule fan (a quarter of fanMinAmount) only on an unseen hub drained as cash at once", () => {
    const mule = book();
    for (const [i, v] of ["a", "b", "c", "d", "e", "f"].entries()) mule.pay(v, "mule", 1_200, 40 + i * 0.2);
    mule.out("mule", 7_000, 41.5);
    const [hit] = detectFans(mule, T);
    expect(hit).toMatchObject({ principal: "mule", participants: [{ holderId: "mule", role: "hub" }] });
    expect(hit!.measures).toMatchObject({ newHub: 1, muleOnly: 1 });

    const settled = book();
    settled.out("settled", 300, 5);
    for (const [i, v] of ["a", "b", "c", "d", "e", "f"].entries())
      settled.pay(v, "settled", 1_200, 40 + i * 0.2);
    settled.out("settled", 7_000, 41.5);
    expect(detectFans(settled, T)).toEqual([]);

    const slow = book();
    for (const [i, v] of ["a", "b", "c", "d", "e", "f"].entries()) slow.pay(v, "slow", 1_200, 40 + i * 0.2);
    slow.out("slow", 7_000, 50);
    expect(detectFans(slow, T)).toEqual([]);
  });

  it("judges a mule by what it is: five senders, one under the read floor, 4,000 drained within days", () => {
    // The smallest mule the benchmark plants: 5 senders (one of 368, under a tenth of
    // networkMinAmount), 4,073 in all, drained to cash and an outside wallet within a day or two.
    const amounts = [873, 735, 368, 1_151, 946];
    const mule = book();
    for (const [i, v] of ["a", "b", "c", "d", "e"].entries()) mule.pay(v, "mule", amounts[i]!, 40 + i * 0.8);
    mule.out("mule", 1_583, 40.3, "outside");
    mule.out("mule", 1_436, 42.5);
    mule.out("mule", 865, 44.2, "outside");
    const gathered = amounts.reduce((a, b) => a + b, 0);
    const floor = T.networkMinAmount * READ_FLOOR_SHARE;
    const read = (b: ReturnType<typeof book>) => ({
      transfers: b.transfers.filter((x) => x.amountMinor >= cedis(floor)),
      external: b.external.filter((x) => x.amountMinor >= cedis(floor)),
    });
    // From the legs every typology reads (a tenth), four senders: nothing.
    expect(detectFans(read(mule), T)).toEqual([]);
    const [hit] = detectFans(read(mule), T, mule);
    expect(hit).toMatchObject({ principal: "mule", amountMinor: cedis(gathered) });
    expect(hit!.measures).toMatchObject({ senders: 5, newHub: 1, muleOnly: 1 });
    expect(hit!.measures.passThroughRatio).toBeCloseTo((1_583 + 1_436 + 865) / gathered, 4);

    // Its look-alikes: the money stays (a new holder's first wages and gifts); a market trader
    // paid by many who banks weekly (not new: its buyers and its banking came before); an
    // agent's float top-ups (a past of cash in and out); payments under a twentieth of the floor.
    const stays = book();
    for (const [i, v] of ["a", "b", "c", "d", "e"].entries())
      stays.pay(v, "stays", amounts[i]!, 40 + i * 0.8);
    stays.out("stays", 600, 43);
    expect(detectFans(read(stays), T, stays)).toEqual([]);

    const trader = book();
    for (let week = 0; week < 8; week++) {
      for (let i = 0; i < 6; i++) trader.pay(`w${week}c${i}`, "trader", 400 + 60 * i, week * 7 + i * 0.5);
      trader.out("trader", 2_500, week * 7 + 6, "outside");
    }
    expect(detectFans(read(trader), T, trader)).toEqual([]);

    const agent = book();
    for (let d = 0; d < 50; d += 2) agent.out("agent", 900, d);
    for (const [i, v] of ["a", "b", "c", "d", "e", "f"].entries()) agent.pay(v, "agent", 800, 40 + i * 0.5);
    agent.out("agent", 4_500, 43);
    expect(detectFans(read(agent), T, agent)).toEqual([]);

    const tiny = book();
    for (const [i, v] of ["a", "b", "c", "d", "e", "f"].entries()) tiny.pay(v, "tiny", 240, 40 + i * 0.5);
    tiny.out("tiny", 1_400, 43);
    expect(detectFans(tiny, T)).toEqual([]);
  });

  it("takes a trader's regular buyers as its normal, also at the start of the history", () => {
    const b = book();
    for (let week = 0; week < 8; week++)
      ["a", "b", "c", "d", "e", "f"].forEach((buyer, i) => {
        b.pay(buyer, "trader", 2_000, week * 7 + i * 0.5);
      });
    for (let week = 0; week < 8; week++) b.out("trader", 11_000, week * 7 + 6);
    expect(found(b)).toEqual([]);
  });

  it("stays quiet when the money stays, when the senders are the hub's normal, and on small payments", () => {
    const stays = book();
    for (const [i, f] of ["a", "b", "c", "d", "e", "f"].entries()) stays.pay(f, "hub", 4_000, 30 + i);
    stays.out("hub", 3_000, 38);
    expect(found(stays)).toEqual([]);

    // A trader: the same six buyers pay 1,500 every week for ten weeks, most of it goes to a supplier.
    const trader = book();
    for (let week = 0; week < 10; week++)
      for (const [i, buyer] of ["a", "b", "c", "d", "e", "f"].entries())
        trader.pay(buyer, "trader", 1_500, week * 7 + i * 0.5);
    for (let week = 0; week < 10; week++) trader.pay("trader", "supplier", 8_600, week * 7 + 5);
    expect(found(trader)).toEqual([]);

    // A market stall: eighty customers pay 60 each, all swept to the bank.
    const stall = book();
    for (let i = 0; i < 80; i++) stall.pay(`c${i}`, "stall", 60, i * 0.1);
    stall.out("stall", 4_700, 9, "outside");
    expect(found(stall)).toEqual([]);
  });
});

describe("fan-in: the hub's regulars", () => {
  // The benchmark's false flags: a trader's weekly stock buyers named feeders of a fan-in (with
  // REGULAR_MOVES other payments outside the window they are the hub's normal), and one trader's
  // busy fortnight, four buyers and one regular, read as a fan of five.
  const fanWithRegular = () => {
    const b = book();
    // Two regulars pay the hub every week of the history, fan or no fan.
    for (let week = 0; week < 9; week++) {
      b.pay("regular1", "hub", 2_500, week * 7 + 1);
      b.pay("regular2", "hub", 3_000, week * 7 + 2);
    }
    const feeders = ["a", "b", "c", "d", "e", "f"];
    for (const [i, f] of feeders.entries()) b.pay(f, "hub", 4_000, 30.5 + i * 0.5);
    for (const d of [34, 34.5]) b.out("hub", 17_000, d);
    return { b, feeders };
  };

  it("names the new senders of a fan as its feeders, not the hub's weekly buyers", () => {
    const { b, feeders } = fanWithRegular();
    expect(found(b)).toEqual([`fan_in:hub=hub,${feeders.map((f) => `source=${f}`).join(",")}`]);
    expect(detectFans(b, T)[0]!.measures.senders).toBe(feeders.length);
  });

  it("does not count regulars towards the fan: four new senders and a regular are not five", () => {
    const b = book();
    for (const day of [2, 16, 33, 40]) b.pay("regular", "hub", 8_700, day);
    for (const [i, f] of ["a", "b", "c", "d"].entries()) b.pay(f, "hub", 3_000, 31 + i);
    b.out("hub", 20_000, 36);
    b.out("hub", 15_000, 41);
    expect(found(b)).toEqual([]);
    // The same payments from a fifth new sender instead of the regular: a fan of five.
    const fresh = book();
    for (const day of [33, 40]) fresh.pay("e", "hub", 8_700, day);
    for (const [i, f] of ["a", "b", "c", "d"].entries()) fresh.pay(f, "hub", 3_000, 31 + i);
    fresh.out("hub", 20_000, 36);
    fresh.out("hub", 15_000, 41);
    expect(found(fresh)).toEqual(["fan_in:hub=hub,source=a,source=b,source=c,source=d,source=e"]);
  });
});

describe("fan-out to pass-through recipients", () => {
  it("fires when a lump is paid to seven holders who each cash it out within a day", () => {
    const b = book();
    b.inFrom("hub", "GH-BANK-1", 45_000, 20);
    const sinks = ["s1", "s2", "s3", "s4", "s5", "s6", "s7"];
    sinks.forEach((s, i) => {
      b.pay("hub", s, 6_000, 20.5 + i * 0.7);
      b.out(s, 5_800, 20.8 + i * 0.7);
    });
    expect(found(b)).toEqual([`fan_out:hub=hub,${sinks.map((s) => `sink=${s}`).join(",")}`]);
  });

  it("stays quiet on payroll (staff spend slowly) and on a buyer paying farmers outside the tenant", () => {
    const payroll = book();
    const staff = Array.from({ length: 18 }, (_, i) => `staff${i}`);
    for (const month of [0, 30])
      for (const s of staff) {
        payroll.pay("employer", s, 3_000, month + 25);
        payroll.out(s, 600, month + 25.5);
        payroll.pay(s, "family", 200, month + 27);
      }
    expect(found(payroll)).toEqual([]);

    const seasonal = book();
    seasonal.pay("financier", "buyer", 60_000, 10);
    for (let i = 0; i < 12; i++) {
      if (i < 3) {
        seasonal.pay("buyer", `farmer${i}`, 4_000, 11 + i);
        seasonal.out(`farmer${i}`, 500, 12 + i);
      } else seasonal.out("buyer", 4_000, 11 + i, "outside");
    }
    expect(found(seasonal)).toEqual([]);
  });

  it("gives the same hits, keys included, whatever the order of the input", () => {
    const b = book();
    for (const [i, f] of ["a", "b", "c", "d", "e", "f"].entries()) b.pay(f, "hub", 5_000, 3 + i * 0.5);
    b.out("hub", 29_000, 8);
    const reversed = { transfers: [...b.transfers].reverse(), external: [...b.external].reverse() };
    expect(detectFans(b, T)).toHaveLength(1);
    expect(detectFans(reversed, T)).toEqual(detectFans(b, T));
  });
});

describe("fans without an exit, read against the hub's own normal", () => {
  // An AMLSim-style fan ends at the hub (fan-in) or at its beneficiaries (fan-out): the money
  // stays. The hub's normal here: a friend it pays and is paid by a few times over two months.
  const withNormal = (hub: string) => {
    const b = book();
    for (const d of [0, 20, 52]) b.pay("friend", hub, 1_800, d);
    for (const d of [5, 57]) b.pay(hub, "friend", 1_000, d);
    return b;
  };
  const strangers = ["a", "b", "c", "d", "e", "f"];

  it("fires on six new senders paying a hub 24,000 in a week it keeps, naming only them", () => {
    const b = withNormal("hub");
    for (const [i, f] of strangers.entries()) b.pay(f, "hub", 4_000, 30 + i);
    // A sender the hub dealt with before is no stranger, and not named.
    b.pay("known", "hub", 900, 10);
    b.pay("known", "hub", 4_000, 32.5);
    expect(found(b)).toEqual([`fan_in:hub=hub,${strangers.map((f) => `source=${f}`).join(",")}`]);
    const [hit] = detectFans(b, T);
    expect(hit!.amountMinor).toBe(cedis(6 * 4_000));
    expect(hit!.measures).toMatchObject({ strangers: 6, passThroughRatio: 0 });
    expect(hit!.reason).toContain(
      "6 senders that paid or were paid by the hub at no other time paid 24000.00",
    );
    expect(hit!.counterfactual).toContain("fanInMinCounterparties above 6");
  });

  it("stays quiet under the counts and the amount, and on a hub whose history is the burst alone", () => {
    // Four strangers over 9 days and the known sender: four strangers are not five (and more
    // than a week apart, not a small fan).
    const four = withNormal("hub");
    for (const f of strangers.slice(0, 4)) four.pay(f, "hub", 6_000, 30 + 3 * strangers.indexOf(f));
    four.pay("known", "hub", 900, 10);
    four.pay("known", "hub", 6_000, 35);
    expect(found(four)).toEqual([]);
    // Six strangers paying 14,400 in all: under fanMinAmount (20,000) and a small fan's 15,000.
    const small = withNormal("hub");
    for (const [i, f] of strangers.entries()) small.pay(f, "hub", 2_400, 30 + i);
    expect(found(small)).toEqual([]);
    // Nothing of the hub outside the burst: no normal to judge it against.
    const alone = book();
    for (const [i, f] of strangers.entries()) alone.pay(f, "hub", 4_000, 30 + i);
    expect(found(alone)).toEqual([]);
  });

  it("stays quiet on its look-alikes: a trader whose every week brings new buyers, a pot, float top-ups", () => {
    // Six new buyers every week for eight weeks: six in a fortnight is the trader's normal.
    const trader = withNormal("trader");
    for (let week = 0; week < 8; week++)
      for (let i = 0; i < 6; i++) trader.pay(`w${week}b${i}`, "trader", 2_000, week * 7 + i * 0.5);
    expect(found(trader)).toEqual([]);
    // A susu pot: the same six members pay the collector every week.
    const pot = withNormal("collector");
    for (let week = 0; week < 8; week++)
      for (const m of strangers) pot.pay(m, "collector", 4_000, week * 7 + 1);
    expect(found(pot)).toEqual([]);
    // An agent's float bought from banks outside the tenant: no holder among the senders.
    const agent = withNormal("agent");
    for (let i = 0; i < 6; i++) agent.inFrom("agent", `GH-BANK-${i}`, 5_000, 30 + i);
    expect(found(agent)).toEqual([]);
  });

  it("fires on a hub paying six new holders 24,000 in a week from no outside source", () => {
    const b = withNormal("hub");
    for (const [i, s] of strangers.entries()) b.pay("hub", s, 4_000, 30 + i);
    expect(found(b)).toEqual([`fan_out:hub=hub,${strangers.map((s) => `sink=${s}`).join(",")}`]);
    const [hit] = detectFans(b, T);
    expect(hit!.measures).toMatchObject({ strangers: 6, passedOn: 0, fundedFromOutside: 0 });
    expect(hit!.reason).toContain("6 recipients that paid or were paid by the hub at no other time");
  });

  it("stays quiet on a seasonal buyer paying new farmers out of a loan, and on payroll", () => {
    // The same payouts after a loan of 24,000 or more from a lender outside the tenant.
    const seasonal = withNormal("buyer");
    seasonal.inFrom("buyer", "GH-BANK-FIN", 15_000, 27);
    seasonal.inFrom("buyer", "GH-BANK-FIN", 10_000, 28);
    for (const [i, s] of strangers.entries()) seasonal.pay("buyer", s, 4_000, 30 + i);
    expect(found(seasonal)).toEqual([]);
    // A loan short of the payouts leaves part of them with no source: judged.
    const short = withNormal("buyer");
    short.inFrom("buyer", "GH-BANK-FIN", 20_000, 27);
    for (const [i, s] of strangers.entries()) short.pay("buyer", s, 4_000, 30 + i);
    expect(detectFans(short, T).map((h) => h.measures.fundedFromOutside)).toEqual([cedis(20_000)]);
    // Payroll: the same staff every month are no strangers.
    const payroll = withNormal("employer");
    for (const month of [0, 30]) for (const s of strangers) payroll.pay("employer", s, 4_000, month + 25);
    expect(found(payroll)).toEqual([]);
  });
});

describe("fans of strangers judged over their own span", () => {
  // AMLSim places each member's one payment on a random day of a 5-20 day period: a fan of 7 can
  // have no 5 in any 14 days. Same normal as above: a friend over two months.
  const withNormal = (hub: string) => {
    const b = book();
    for (const d of [0, 20, 62]) b.pay("friend", hub, 1_800, d);
    for (const d of [5, 66]) b.pay(hub, "friend", 1_000, d);
    return b;
  };
  const members = ["a", "b", "c", "d", "e", "f", "g"];
  // At most 4 of them in any 14 days; 18.5 days from the first to the last.
  const spread = [30, 31, 33, 40.5, 47.5, 48, 48.5];

  it("fires on seven one-off senders over 18.5 days, none of 5 in a window, naming each", () => {
    const b = withNormal("hub");
    for (const [i, f] of members.entries()) b.pay(f, "hub", 4_000, spread[i]!);
    expect(found(b)).toEqual([`fan_in:hub=hub,${members.map((f) => `source=${f}`).join(",")}`]);
    const [hit] = detectFans(b, T);
    expect(hit!.amountMinor).toBe(cedis(7 * 4_000));
    expect(hit!.reason).toContain(
      "7 senders that paid or were paid by the hub at no other time paid 28000.00 in 18.5 days",
    );
    expect(hit!.reason).toContain(`in ${T.fanWindowDays * 1.5} days`);
    // With the window's four alone it would be quiet.
    const four = withNormal("hub");
    for (const [i, f] of members.slice(0, 4).entries()) four.pay(f, "hub", 7_000, spread[i]!);
    expect(found(four)).toEqual([]);
  });

  it("extends a fan-out the window found with the strangers paid later in its span", () => {
    const b = withNormal("hub");
    const days = [30, 30.5, 31, 33, 34, 38, 45, 46, 47];
    const sinks = [...members, "h", "i"];
    for (const [i, s] of sinks.entries()) b.pay("hub", s, 4_000, days[i]!);
    expect(found(b)).toEqual([`fan_out:hub=hub,${sinks.map((s) => `sink=${s}`).join(",")}`]);
    expect(detectFans(b, T)[0]!.amountMinor).toBe(cedis(9 * 4_000));
  });

  it("stays quiet when the senders come back, when the span is longer, or a loan funds the payouts", () => {
    // A trader's new buyers: each buys again a few days later.
    const trader = withNormal("trader");
    for (const [i, f] of members.entries()) {
      trader.pay(f, "trader", 4_000, spread[i]!);
      trader.pay(f, "trader", 1_500, spread[i]! + 3);
    }
    expect(found(trader)).toEqual([]);
    // The same seven one-off senders, one every 6 days: never 5 within the span (21 days).
    const slow = withNormal("hub");
    for (const [i, f] of members.entries()) slow.pay(f, "hub", 4_000, 30 + i * 6);
    expect(found(slow)).toEqual([]);
    // A seasonal buyer paying seven new farmers over 18.5 days out of a loan.
    const seasonal = withNormal("buyer");
    seasonal.inFrom("buyer", "GH-BANK-FIN", 30_000, 28);
    for (const [i, s] of members.entries()) seasonal.pay("buyer", s, 4_000, spread[i]!);
    expect(found(seasonal)).toEqual([]);
  });
});

describe("small fans of strangers", () => {
  // AMLSim's fans of 5 members: 4 counterparties, one payment each, within days.
  const withNormal = (hub: string) => {
    const b = book();
    for (const d of [0, 20, 62]) b.pay("friend", hub, 1_800, d);
    for (const d of [5, 66]) b.pay(hub, "friend", 1_000, d);
    return b;
  };
  const four = ["a", "b", "c", "d"];
  const amounts = [2_956, 3_189, 5_302, 5_937];

  it("fires on a hub paying four new holders 17,384 within five days, naming each", () => {
    const b = withNormal("hub");
    for (const [i, s] of four.entries()) b.pay("hub", s, amounts[i]!, 30 + [0, 0.1, 1.7, 4.7][i]!);
    expect(found(b)).toEqual([`fan_out:hub=hub,${four.map((s) => `sink=${s}`).join(",")}`]);
    const [hit] = detectFans(b, T);
    expect(hit!.reason).toContain(
      "4 recipients that paid or were paid by the hub at no other time were paid 17384.00 in 4.7 days",
    );
    // Its bars are one more than the count and the amount over three quarters.
    expect(hit!.counterfactual).toContain("fanOutMinCounterparties above 5");
    expect(hit!.counterfactual).toContain("fanMinAmount above 23178.67");
  });

  it("fires on four new senders paying a hub 17,384 within five days", () => {
    const b = withNormal("hub");
    for (const [i, f] of four.entries()) b.pay(f, "hub", amounts[i]!, 30 + i * 1.5);
    expect(found(b)).toEqual([`fan_in:hub=hub,${four.map((f) => `source=${f}`).join(",")}`]);
    // A stranger's one payment counts from the read floor (500), not a fifth of networkMinAmount.
    const low = withNormal("hub");
    for (const [i, f] of four.entries()) low.pay(f, "hub", [900, 1_219, 5_021, 9_646][i]!, 30 + i);
    expect(found(low)).toEqual([`fan_in:hub=hub,${four.map((f) => `source=${f}`).join(",")}`]);
    // Not so for a fan-out: three of 1,000 or more are not four.
    const out = withNormal("hub");
    for (const [i, s] of four.entries()) out.pay("hub", s, [900, 1_219, 5_021, 9_646][i]!, 30 + i);
    expect(found(out)).toEqual([]);
  });

  it("stays quiet over more than a week, under 15,000, on three, on returning buyers, a loan, a lone burst", () => {
    const quiet = (setup: (b: ReturnType<typeof book>) => void, hub = "hub") => {
      const b = withNormal(hub);
      setup(b);
      return found(b);
    };
    // Over 9 days.
    const each = (pay: (f: string, i: number) => void) => () => {
      for (const [i, f] of four.entries()) pay(f, i);
    };
    expect(quiet((b) => each((f, i) => b.pay(f, "hub", amounts[i]!, 30 + i * 3))())).toEqual([]);
    // 14,000 in all.
    expect(quiet((b) => each((f, i) => b.pay(f, "hub", 3_500, 30 + i))())).toEqual([]);
    // Three senders of 6,000.
    expect(quiet((b) => each((f, i) => i < 3 && b.pay(f, "hub", 6_000, 30 + i))())).toEqual([]);
    // A trader's new buyers who buy again within the week.
    expect(
      quiet((b) =>
        each((f, i) => {
          b.pay(f, "hub", amounts[i]!, 30 + i);
          b.pay(f, "hub", 1_000, 33 + i);
        })(),
      ),
    ).toEqual([]);
    // A buyer paying four new farmers out of a loan that just landed.
    expect(
      quiet((b) => {
        b.inFrom("hub", "GH-BANK-FIN", 18_000, 29);
        each((s, i) => b.pay("hub", s, amounts[i]!, 30 + i))();
      }),
    ).toEqual([]);
    // A hub with nothing else than a payment a week after: no normal to judge it against.
    const alone = book();
    for (const [i, f] of four.entries()) alone.pay(f, "hub", amounts[i]!, 30 + i);
    alone.out("hub", 3_000, 38);
    expect(found(alone)).toEqual([]);
  });
});

describe("a fan-in hub that is a mule", () => {
  const fan = Date.UTC(2026, 8, 1);
  const daysBefore = (d: number) => new Date(fan - d * DAY).toISOString();
  const history = { opened: null, earliest: null, lastBefore: null, tenantStart: daysBefore(200) };

  it("is a new account (opened, or first seen well after the book begins) or a dormant one", () => {
    expect(isMuleHub({ ...history, opened: daysBefore(3), earliest: daysBefore(2) }, fan)).toBe(true);
    expect(isMuleHub({ ...history, earliest: daysBefore(2) }, fan)).toBe(true);
    expect(isMuleHub({ ...history, earliest: daysBefore(180), lastBefore: daysBefore(150) }, fan)).toBe(true);
  });

  it("is not a holder with a past, nor one the book does not reach back for", () => {
    expect(
      isMuleHub(
        { ...history, opened: daysBefore(400), earliest: daysBefore(90), lastBefore: daysBefore(5) },
        fan,
      ),
    ).toBe(false);
    // The book began 10 days before the fan: a quiet past is only the book not reaching back.
    expect(isMuleHub({ ...history, earliest: daysBefore(10), tenantStart: daysBefore(10) }, fan)).toBe(false);
    expect(
      isMuleHub(
        { ...history, opened: daysBefore(400), earliest: daysBefore(10), tenantStart: daysBefore(10) },
        fan,
      ),
    ).toBe(false);
  });
});
