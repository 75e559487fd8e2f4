import type { TenantContext } from "../../../db/tenant-context";
import { isCountryCode } from "../../../lib/countries";
import { uuidV7 } from "../../../lib/crypto";
import { badRequest, conflict, notFound } from "../../../lib/errors";
import { presentPage } from "../../../lib/pagination";
import { tenantActor } from "../../audit/service";
import { type EntryInput, prepareEntries } from "../domain/entries";
import { MAX_ENTRIES_PER_LIST } from "../domain/kinds";
import { normalizePrefix } from "../domain/normalize";
import { presentEntry } from "../present";
import type { Page } from "../repo";
import { archivedConflict, requireChangeableList, requireList } from "../service";
import * as repo from "./repo";

function writeMeta(ctx: TenantContext): repo.WriteMeta {
  const actor = tenantActor(ctx);
  return {
    actorType: actor.type,
    actorId: actor.id,
    requestId: ctx.requestId,
    at: ctx.clock.now().toISOString(),
  };
}

/**
 * Adds entries (one or a batch): all of them or none. A value the list already holds is not
 * added again (idempotent): it comes back in `existing`, unchanged (an allowlist entry keeps
 * its expiry; remove and re-add it to change one).
 */
export async function addEntries(ctx: TenantContext, listId: string, inputs: EntryInput[]) {
  const list = await requireChangeableList(ctx, listId);
  const now = ctx.clock.now();
  const { entries, problems } = prepareEntries(list.entryType, inputs, now, isCountryCode);
  if (problems.length > 0) throw badRequest("Invalid list entries", problems);
  const rows = entries.map((e) => ({ ...e, id: crypto.randomUUID(), historyId: uuidV7(now) }));
  const { existing, inserted } = await repo.addEntries(
    ctx,
    listId,
    rows,
    writeMeta(ctx),
    MAX_ENTRIES_PER_LIST,
  );
  if (inserted.length === 0 && existing.length < rows.length) {
    // Nothing was written although some values were new: the list was archived meanwhile, or full.
    const again = await requireList(ctx, listId);
    if (again.archivedAt !== null) throw archivedConflict();
    throw conflict(
      `This list would hold more than ${MAX_ENTRIES_PER_LIST} entries (its limit; it holds ` +
        `${again.entryCount}): remove entries first or split the list`,
    );
  }
  return {
    added: inserted.map((r) => presentEntry(r, now)),
    existing: existing.map((r) => presentEntry(r, now)),
  };
}

export async function listEntries(
  ctx: TenantContext,
  listId: string,
  prefix: string | undefined,
  page: Page,
) {
  const list = await requireList(ctx, listId);
  const normalized = prefix === undefined ? undefined : normalizePrefix(list.entryType, prefix);
  const found = await repo.listEntriesPage(ctx, listId, normalized || undefined, page);
  const now = ctx.clock.now();
  return presentPage(found, (r) => presentEntry(r, now));
}

/** Deletes the entry (its history rows stay); another list's or tenant's entry is a 404. */
export async function removeEntry(ctx: TenantContext, listId: string, entryId: string) {
  await requireChangeableList(ctx, listId);
  const removed = await repo.removeEntry(ctx, listId, entryId, uuidV7(ctx.clock.now()), writeMeta(ctx));
  if (!removed) {
    const again = await requireList(ctx, listId);
    if (again.archivedAt !== null) throw archivedConflict();
    throw notFound("List entry");
  }
}
