import { afterEach, describe, expect, it } from "vitest";
import type { TenantContext } from "../../../../db/tenant-context";
import {
  type CounterpartyCheck,
  type CounterpartyScreener,
  checkCounterparty,
  provideCounterpartyScreener,
  screenCounterpartySanctions,
} from "./counterparty-sanctions";

const ctx = {} as TenantContext;
const page = [
  { entityType: "customer", entityId: "c1" },
  { entityType: "counterparty", entityId: "Tema Shell Traders" },
  { entityType: "counterparty", entityId: "GH-0012" },
];

afterEach(() => provideCounterpartyScreener(null));

describe("the counterparty sanctions hook of a drained page", () => {
  it("screens nothing without a screener, or without a counterparty on the page", async () => {
    const failed: string[] = [];
    expect(await screenCounterpartySanctions(ctx, page, async (e) => void failed.push(e.entityId))).toBe(
      page,
    );
    expect(await checkCounterparty(ctx, "Tema Shell Traders")).toBeNull();
    let calls = 0;
    provideCounterpartyScreener({
      check: () => ({ item: {} as CounterpartyCheck["item"], finish: async () => null }),
      screen: async () => {
        calls++;
        return { screened: 0, opened: 0, refreshed: 0 };
      },
    });
    await screenCounterpartySanctions(ctx, [page[0]!], async () => {});
    expect(calls).toBe(0);
    expect(await checkCounterparty(ctx, "")).toBeNull();
    expect(failed).toEqual([]);
  });

  it("fails the page's counterparties when the screening fails, and leaves the rest to fraud and AML", async () => {
    const screener: CounterpartyScreener = {
      check: () => ({ item: {} as CounterpartyCheck["item"], finish: async () => null }),
      screen: async () => {
        throw new Error("control database unavailable");
      },
    };
    provideCounterpartyScreener(screener);
    const failed: string[] = [];
    const left = await screenCounterpartySanctions(ctx, page, async (e, err) => {
      failed.push(`${e.entityId}: ${(err as Error).message}`);
    });
    expect(left).toEqual([page[0]]);
    expect(failed).toEqual([
      "Tema Shell Traders: control database unavailable",
      "GH-0012: control database unavailable",
    ]);
  });
});
