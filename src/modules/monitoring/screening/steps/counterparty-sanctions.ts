import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import type { TenantScope } from "../../../../db/client";
import type { TenantContext } from "../../../../db/tenant-context";
import { likelyTenantSql } from "../../../../db/tenant-tables";

/**
 * Transfer counterparties against the sanctions lists (docs/methodology/sanctions.md#counterparties),
 * in screening on arrival and in pre-transaction screening. Monitoring does not import the
 * sanctions module (which reaches the modules monitoring's import cycle holds): it calls this
 * port, which src/ports.ts fills with the sanctions module's screener once per isolate. Without
 * one, counterparties are not screened against sanctions lists (fraud and AML are unchanged).
 */

/** A counterparty as one stored transaction names it. */
export interface CounterpartyParty {
  name: string;
  transactionId: string;
}

/** A list entry a counterparty name matched (the pre-transaction answer's `sanctions.hits`). */
export interface CounterpartySanctionsHit {
  listId: string;
  entryRef: string;
  score: number;
  nameScore: number;
  matchedName: string;
  nameStrength: "primary" | "strong" | "weak";
  matchedFields: string[];
  entryKind: "person" | "organisation" | "vessel" | "aircraft" | "other";
  entryName: string;
  programs: string[];
}

export interface CounterpartySanctions {
  counterpartyName: string;
  threshold: number;
  /** Each list screened and its version. */
  lists: Record<string, number>;
  hits: CounterpartySanctionsHit[];
}

/** A check whose first read rides in the caller's D1 batch: `finish` takes its result. */
export interface CounterpartyCheck {
  item: BatchItem<"sqlite">;
  finish(result: unknown): Promise<CounterpartySanctions | null>;
}

export interface CounterpartyScreener {
  /** One name's hits, storing nothing (null: the tenant screens against no list). */
  check(ctx: TenantContext, name: string): CounterpartyCheck;
  /**
   * The parties of stored transactions screened into sanctions cases (opened, or the open one
   * updated with the transactions); `parties` is read only when the tenant screens against a list.
   */
  screen(
    ctx: TenantContext,
    parties: () => Promise<CounterpartyParty[]>,
  ): Promise<{ screened: number; opened: number; refreshed: number }>;
}

let screener: CounterpartyScreener | null = null;

/** Fills the port (src/ports.ts); null empties it (tests). */
export function provideCounterpartyScreener(provided: CounterpartyScreener | null): void {
  screener = provided;
}

/**
 * Pre-transaction screening: the proposed counterparty's check, its first read for the caller's
 * batch; null when nothing is screened (no screener or no name: the answer is null, no read).
 */
export function checkCounterparty(
  ctx: TenantContext,
  name: string | null | undefined,
): CounterpartyCheck | null {
  if (!screener || !name) return null;
  return screener.check(ctx, name);
}

interface Claimed {
  entityType: string;
  entityId: string;
  eventsFrom?: string | null;
  eventsTo?: string | null;
}

/** Transactions read per page at most (the most recent first): a counterparty's evidence, not its history. */
const TRANSACTIONS_PER_PAGE = 2_000;

/**
 * The named counterparties' transactions dated in each one's pending span (its whole history, up
 * to the cap, when it has none): the JSON list is the outer loop, each counterparty looked up
 * through transactions_counterparty_idx.
 */
export function counterpartyTransactionsQuery(scope: TenantScope, entities: readonly Claimed[]): SQL {
  const list = JSON.stringify(
    entities.map((e) => ({ id: e.entityId, from: e.eventsFrom ?? "", to: e.eventsTo ?? "9999" })),
  );
  return sql`
    SELECT t.id AS id, t.counterparty_name AS name
    FROM json_each(${list}) AS e
    JOIN transactions AS t ON ${likelyTenantSql(scope, "t")}
      AND coalesce(t.counterparty_account, t.counterparty_name) = e.value ->> '$.id'
      AND t.transaction_date >= e.value ->> '$.from' AND t.transaction_date <= e.value ->> '$.to'
    WHERE coalesce(t.counterparty_account, t.counterparty_name) IS NOT NULL
      AND t.counterparty_name IS NOT NULL AND trim(t.counterparty_name) <> ''
    ORDER BY t.transaction_date DESC, t.id DESC
    LIMIT ${TRANSACTIONS_PER_PAGE}`;
}

async function counterpartyTransactions(ctx: TenantContext, entities: readonly Claimed[]) {
  const rows = await ctx.db.all<{ id: string; name: string }>(counterpartyTransactionsQuery(ctx, entities));
  return rows.map((r) => ({ name: r.name, transactionId: r.id }));
}

/**
 * The hook of a drained page: its counterparties' names screened against the sanctions lists
 * before fraud and AML screen the page. Answers the entities left to screen: when the sanctions
 * screening fails, the page's counterparties fail with it (and are retried as any failure is).
 */
export async function screenCounterpartySanctions<E extends Claimed>(
  ctx: TenantContext,
  claimed: E[],
  fail: (entity: E, err: unknown) => Promise<void>,
): Promise<E[]> {
  const parties = claimed.filter((e) => e.entityType === "counterparty");
  if (!screener || parties.length === 0) return claimed;
  try {
    await screener.screen(ctx, () => counterpartyTransactions(ctx, parties));
    return claimed;
  } catch (err) {
    console.error(JSON.stringify({ msg: "counterparty sanctions screening failed", error: String(err) }));
    for (const e of parties) await fail(e, err);
    return claimed.filter((e) => e.entityType !== "counterparty");
  }
}
