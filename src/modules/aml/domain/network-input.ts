import { chunks, drain, type Sliced } from "../../../lib/slices";
import type { ExternalFlow, Transfer } from "./network/types";

/**
 * The network scan's input from stored rows (docs/methodology/network.md#the-typologies):
 * a transaction whose counterparty account is one of the tenant's own accounts is a transfer
 * between two holders. Both legs of one internal transfer are one edge: the payer's debit is the
 * edge, and a payee's credit stands for it only when the payer's debit is not in the book (the
 * payer's side was never sent, or falls outside the history read). Cash is never a transfer: a
 * cash leg at an agent names the agent's wallet, and the wallet's own leg for it (the e-float that
 * moves the other way) is dropped with it, so agents are cash points, not links in a chain.
 */

export interface CounterpartyLeg {
  id: string;
  customerId: string;
  type: "credit" | "debit";
  amountMinor: number;
  at: string;
  /** Null for a cash leg that names no account. */
  counterpartyAccount: string | null;
  /** 1 (or true): the channel is cash. */
  cash?: number | boolean;
}

/** Legs looked at per step of holderTransferSteps and outsideFlowSteps: a few ms. */
export const LEG_STEP = 2_500;

/** A credit leg within this of a debit leg of the same payer, payee and amount is that transfer's other leg. */
const SAME_TRANSFER_MS = 24 * 3600_000;

/**
 * Transfers between distinct holders, in the legs' order. `holderOf` maps an account's external
 * id to its customer; legs naming an outsider, or one of the holder's own accounts, are left out.
 */
export function holderTransfers(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
): Transfer[] {
  return drain(holderTransferSteps(legs, holderOf));
}

/** holderTransfers in steps of LEG_STEP (docs/decisions/faults.md#slices-that-yield). */
export function* holderTransferSteps(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
): Sliced<Transfer[]> {
  const cash = new Map<string, number[]>();
  const debits = new Map<string, number[]>();
  const wallet: Array<{ transfer: Transfer; credit: boolean }> = [];
  yield* chunks(legs.length, LEG_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const leg = legs[i];
      const other = leg.counterpartyAccount === null ? undefined : holderOf.get(leg.counterpartyAccount);
      if (other === undefined || other === leg.customerId) continue;
      const [from, to] = leg.type === "debit" ? [leg.customerId, other] : [other, leg.customerId];
      const transfer = { id: leg.id, from, to, amountMinor: leg.amountMinor, at: leg.at };
      if (leg.cash) push(cash, keyOf(transfer), Date.parse(leg.at));
      else wallet.push({ transfer, credit: leg.type === "credit" });
    }
  });
  const transfers: Transfer[] = [];
  const credits: Transfer[] = [];
  yield* chunks(wallet.length, LEG_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const { transfer, credit } = wallet[i];
      // The agent's side of a cash leg: the same two holders, amount and day.
      if (consume(cash.get(keyOf(transfer)), Date.parse(transfer.at))) continue;
      if (credit) credits.push(transfer);
      else {
        transfers.push(transfer);
        push(debits, keyOf(transfer), Date.parse(transfer.at));
      }
    }
  });
  // Each debit answers for one credit: two equal transfers on one day are two edges.
  yield* chunks(credits.length, LEG_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const credit = credits[i];
      if (!consume(debits.get(keyOf(credit)), Date.parse(credit.at))) transfers.push(credit);
    }
  });
  return transfers;
}

const keyOf = (t: Transfer) => `${t.from}|${t.to}|${t.amountMinor}`;

function push(map: Map<string, number[]>, key: string, at: number) {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
}

/** Takes the first time within a day of `at` off the list; false when there is none. */
function consume(times: number[] | undefined, at: number): boolean {
  const i = times?.findIndex((t) => Math.abs(t - at) <= SAME_TRANSFER_MS) ?? -1;
  if (i < 0) return false;
  times!.splice(i, 1);
  return true;
}

/**
 * The legs that leave or enter the tenant's holders: cash (also at an agent who is a holder), and
 * accounts that are none of the tenant's (an outsider's wallet, a bank abroad). Own-account legs
 * and transfers between holders are not.
 */
export function outsideFlows(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
): ExternalFlow[] {
  return drain(outsideFlowSteps(legs, holderOf));
}

/** outsideFlows in steps of LEG_STEP. */
export function* outsideFlowSteps(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
): Sliced<ExternalFlow[]> {
  const flows: ExternalFlow[] = [];
  yield* chunks(legs.length, LEG_STEP, (start, end) => {
    for (let i = start; i < end; i++) {
      const leg = legs[i];
      if (!leg.cash) {
        const other = leg.counterpartyAccount === null ? undefined : holderOf.get(leg.counterpartyAccount);
        if (other !== undefined || leg.counterpartyAccount === null) continue;
      }
      flows.push({
        id: leg.id,
        holderId: leg.customerId,
        direction: leg.type === "credit" ? "in" : "out",
        kind: leg.cash ? "cash" : "outside",
        amountMinor: leg.amountMinor,
        at: leg.at,
        ...(leg.cash || leg.counterpartyAccount === null ? {} : { counterparty: leg.counterpartyAccount }),
      });
    }
  });
  return flows;
}
