import { describe, expect, it } from "vitest";
import { Book } from "./fixtures";
import { FlowIndex, passLinks } from "./flows";
import { NETWORK_DEFAULTS } from "./types";

const index = (book: Book) => new FlowIndex(book.transfers, book.external, NETWORK_DEFAULTS.networkBurstDays);

describe("flows", () => {
  it("aggregates A->B transfers within networkBurstDays of the first", () => {
    const book = new Book("f");
    book.pay("A", "B", 1000, 0);
    book.pay("A", "B", 2000, 2.9);
    book.pay("A", "B", 4000, 3.1);
    book.pay("A", "A", 9000, 1);
    const flows = index(book).outflows("A");
    expect(flows.map((f) => [f.amountMinor, f.rows.length])).toEqual([
      [300_000, 2],
      [400_000, 1],
    ]);
    expect(flows[0].id).toBe("f-t00001");
  });

  it("links an inflow to an outflow in the band, split or whole, within the hold", () => {
    const book = new Book("l");
    book.pay("A", "B", 10_000, 0);
    book.pay("B", "C", 4000, 5);
    book.pay("B", "C", 4600, 9); // 86% in two flows
    book.pay("B", "D", 9000, 22); // past networkMaxHoldDays
    book.pay("B", "E", 11_000, 1); // above 105%
    book.pay("B", "F", 9000, -1); // before the inflow
    const idx = index(book);
    const links = passLinks(idx, idx.inflows("B")[0], NETWORK_DEFAULTS);
    expect(links.map((l) => [l.to, l.amountMinor, l.flows.length])).toEqual([["C", 860_000, 2]]);
    expect(links[0].holdMs / 86_400_000).toBe(5);
    expect(links[0].ratio).toBeCloseTo(0.86, 6);
  });

  it("does not pass on one of a pot's equal contributions, however it is paid on", () => {
    // A rotating susu's recipient: 4 equal contributions in a day, one of them paid on next week.
    const book = new Book("s");
    for (const m of ["A", "C", "D", "E"]) book.pay(m, "B", 6000, 0);
    book.pay("B", "F", 6000, 7);
    const idx = index(book);
    expect(idx.inflows("B").map((f) => passLinks(idx, f, NETWORK_DEFAULTS).length)).toEqual([0, 0, 0, 0]);
  });

  it("passes on a sum a busy holder relays among credits of other sizes", () => {
    // A ring member who is also a hub of the book: three payers of ordinary sizes the same days,
    // so the 6,570 arriving is under a third of what it took in; it is no pot's contribution.
    const book = new Book("h");
    book.pay("A", "B", 6570, 0);
    book.pay("P1", "B", 4100, 1);
    book.pay("P2", "B", 9800, 2);
    book.pay("P3", "B", 2300, -1);
    book.pay("B", "C", 6300, 6);
    const idx = index(book);
    expect(idx.creditedBetween("B", -Infinity, Infinity)).toBeGreaterThan(3 * 657_000);
    const links = passLinks(idx, idx.inflows("B").find((f) => f.from === "A")!, NETWORK_DEFAULTS);
    expect(links.map((l) => [l.to, l.amountMinor])).toEqual([["C", 630_000]]);
    // One other payer of the same size is not a pot: still passed on; a second makes it one.
    book.pay("P4", "B", 6500, 1);
    const one = index(book);
    expect(passLinks(one, one.inflows("B").find((f) => f.from === "A")!, NETWORK_DEFAULTS)).toHaveLength(1);
    book.pay("P5", "B", 6600, 2);
    const two = index(book);
    expect(passLinks(two, two.inflows("B").find((f) => f.from === "A")!, NETWORK_DEFAULTS)).toHaveLength(0);
  });

  it("sums every debit and credit, external ones included, over a span", () => {
    const book = new Book("d");
    book.pay("A", "B", 100, 1);
    book.ext("A", "out", "cash", 50, 2);
    book.ext("A", "in", "cash", 70, 2);
    book.pay("A", "C", 25, 3);
    expect(index(book).debitedBetween("A", 0, Number.MAX_SAFE_INTEGER)).toBe(17_500);
    expect(index(book).creditedBetween("A", 0, Number.MAX_SAFE_INTEGER)).toBe(7_000);
    expect(index(book).creditedBetween("B", 0, Number.MAX_SAFE_INTEGER)).toBe(10_000);
  });
});
