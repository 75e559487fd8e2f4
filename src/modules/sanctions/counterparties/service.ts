/**
 * Transfer counterparties screened against the tenant's lists (docs/methodology/sanctions.md#counterparties):
 * the screener that monitoring calls through its port (monitoring/screening/steps/counterparty-sanctions.ts,
 * filled by src/ports.ts), so monitoring never imports this module.
 */
import type { TenantContext } from "../../../db/tenant-context";
import { CASE_TRANSACTIONS_MAX, counterpartyKey } from "../domain/counterparty";
import type { ScreenHit } from "../domain/match";
import type { ListedEntry } from "../lists/service";
import { screeningIndex } from "../lists/service";
import * as repo from "../repo";
import { getSettings, type SanctionsSettings, type Subject, screenSubjects, settingsRead } from "../service";

/** Hits a pre-transaction answer shows at most (best first). */
const CHECK_HITS_MAX = 20;

const viewOf = (h: ScreenHit<ListedEntry>) => ({
  listId: h.entry.listId,
  entryRef: h.entry.ref,
  score: h.score,
  nameScore: h.nameScore,
  matchedName: h.matchedName,
  nameStrength: h.nameStrength,
  matchedFields: h.matchedFields,
  entryKind: h.entry.kind,
  entryName: h.entry.names.find((n) => n.strength === "primary")?.name ?? h.entry.names[0]?.name ?? "",
  programs: h.entry.programs,
});

const entryKey = (listId: string, ref: string) => `${listId}\u0000${ref}`;

/**
 * One counterparty name against the tenant's lists, storing nothing (pre-transaction screening),
 * its first read (the settings) a statement for the caller's D1 batch (one round trip less):
 * `finish` takes the batch's result for it and answers null when the tenant subscribes to no
 * list; a hit already cleared as a false positive for this name and the entry as it is now is
 * left out, as screening on arrival would raise nothing for it.
 */
export function checkCounterparty(ctx: TenantContext, name: string) {
  const settings = settingsRead(ctx);
  return {
    item: settings.item,
    finish: (rows: unknown) =>
      checkWith(ctx, name, settings.decode(rows as Parameters<typeof settings.decode>[0])),
  };
}

async function checkWith(ctx: TenantContext, name: string, settings: SanctionsSettings) {
  if (settings.lists.length === 0) return null;
  const { index, versions } = await screeningIndex(ctx.env, settings.lists);
  const subscribed = new Set(settings.lists);
  let hits = index.screen({ name }, settings.threshold).filter((h) => subscribed.has(h.entry.listId));
  if (hits.length > 0) {
    const cleared = await repo.clearancesOf(ctx, "counterparty", [counterpartyKey(name)]);
    const clearedBy = new Map(cleared.map((c) => [entryKey(c.listId, c.entryRef), c.entryHash]));
    hits = hits.filter((h) => clearedBy.get(entryKey(h.entry.listId, h.entry.ref)) !== h.entry.hash);
  }
  return {
    counterpartyName: name,
    threshold: settings.threshold,
    lists: versions,
    hits: hits.slice(0, CHECK_HITS_MAX).map(viewOf),
  };
}

/**
 * Stored transactions' counterparties into sanctions cases: one subject per counterparty name
 * (counterpartyKey), with the transactions that named it, most recent first, as its evidence.
 * `load` is read only when the tenant subscribes to a list.
 */
export async function screenCounterparties(
  ctx: TenantContext,
  load: () => Promise<Array<{ name: string; transactionId: string }>>,
) {
  const settings = await getSettings(ctx);
  if (settings.lists.length === 0) return { screened: 0, opened: 0, refreshed: 0 };
  const subjects = new Map<string, Subject & { transactionIds: string[] }>();
  for (const party of await load()) {
    const id = counterpartyKey(party.name);
    const subject = subjects.get(id) ?? { id, name: party.name.trim(), kind: null, transactionIds: [] };
    if (subject.transactionIds.length < CASE_TRANSACTIONS_MAX)
      subject.transactionIds.push(party.transactionId);
    subjects.set(id, subject);
  }
  return screenSubjects(ctx, "counterparty", [...subjects.values()], "transaction", undefined, settings);
}

/** What monitoring's port takes (src/ports.ts). */
export const counterpartyScreener = { check: checkCounterparty, screen: screenCounterparties };
