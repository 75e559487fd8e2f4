/**
 * The network scan's input from stored rows (docs/methodology/typologies.md#network-typologies):
 * a transaction whose counterparty account is one of the tenant's own accounts is a transfer
 * between two holders. Both legs of one internal transfer are one edge: the payer's debit is the
 * edge, and a payee's credit stands for it only when the payer's debit is not in the book (the
 * payer's side was never sent, or falls outside the history read).
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

/** Money entering or leaving a holder from outside the tenant's holders (cash, an outsider). */
export interface OutsideFlow {
  id: string;
  holderId: string;
  direction: "in" | "out";
  kind: "cash" | "outside";
  amountMinor: number;
  at: string;
}

export interface HolderTransfer {
  id: string;
  from: string;
  to: string;
  amountMinor: number;
  at: string;
}

/** A credit leg within this of a debit leg of the same payer, payee and amount is that transfer's other leg. */
const SAME_TRANSFER_MS = 24 * 3600_000;

/**
 * Transfers between distinct holders, in the legs' order. `holderOf` maps an account's external
 * id to its customer; legs naming an outsider, or one of the holder's own accounts, are left out.
 */
export function holderTransfers(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
): HolderTransfer[] {
  const transfers: HolderTransfer[] = [];
  const debits = new Map<string, number[]>();
  const credits: HolderTransfer[] = [];
  for (const leg of legs) {
    const other = leg.counterpartyAccount === null ? undefined : holderOf.get(leg.counterpartyAccount);
    if (other === undefined || other === leg.customerId) continue;
    const [from, to] = leg.type === "debit" ? [leg.customerId, other] : [other, leg.customerId];
    const transfer = { id: leg.id, from, to, amountMinor: leg.amountMinor, at: leg.at };
    if (leg.type === "credit") {
      credits.push(transfer);
      continue;
    }
    transfers.push(transfer);
    const key = `${from}|${to}|${leg.amountMinor}`;
    const times = debits.get(key) ?? [];
    times.push(Date.parse(leg.at));
    debits.set(key, times);
  }
  for (const credit of credits) {
    const times = debits.get(`${credit.from}|${credit.to}|${credit.amountMinor}`);
    const at = Date.parse(credit.at);
    const match = times?.findIndex((t) => Math.abs(t - at) <= SAME_TRANSFER_MS) ?? -1;
    // Each debit answers for one credit: two equal transfers on one day are two edges.
    if (match >= 0) times!.splice(match, 1);
    else transfers.push(credit);
  }
  return transfers;
}

/**
 * The legs that leave or enter the tenant's holders: cash, and accounts that are none of the
 * tenant's (an outsider's wallet, a bank abroad). Own-account legs and internal transfers are not.
 */
export function outsideFlows(
  legs: readonly CounterpartyLeg[],
  holderOf: ReadonlyMap<string, string>,
): OutsideFlow[] {
  const flows: OutsideFlow[] = [];
  for (const leg of legs) {
    const other = leg.counterpartyAccount === null ? undefined : holderOf.get(leg.counterpartyAccount);
    if (other !== undefined) continue;
    if (leg.counterpartyAccount === null && !leg.cash) continue;
    flows.push({
      id: leg.id,
      holderId: leg.customerId,
      direction: leg.type === "credit" ? "in" : "out",
      kind: leg.cash ? "cash" : "outside",
      amountMinor: leg.amountMinor,
      at: leg.at,
    });
  }
  return flows;
}
