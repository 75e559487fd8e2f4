/**
 * A batch of entries to add, checked against the list's entry type and normalized; one error
 * per bad field (path `entries.<i>.<field>`). Repeated values inside a batch collapse to the
 * first (the same value twice in one list is one entry: adding is idempotent).
 */
import { type EntityType, type EntryType, MAX_ALLOWLIST_DAYS } from "./kinds";
import { allowlistKey, normalizeValue } from "./normalize";

export interface EntryInput {
  value?: string;
  entityType?: EntityType;
  entityId?: string;
  ruleId?: string | null;
  expiresAt?: string;
  note?: string;
}

export interface PreparedEntry {
  value: string;
  originalValue: string;
  entityType: EntityType | null;
  entityId: string | null;
  ruleId: string | null;
  expiresAt: string | null;
  note: string | null;
}

export interface EntryProblem {
  path: string;
  message: string;
}

const DAY_MS = 86_400_000;
const ENTITY_FIELDS = ["entityType", "entityId", "ruleId", "expiresAt"] as const;

function allowlistEntry(input: EntryInput, at: string, now: Date, problems: EntryProblem[]) {
  const before = problems.length;
  if (input.value !== undefined)
    problems.push({
      path: `${at}.value`,
      message: "an allowlist entry names an entity: send entityType and entityId, not value",
    });
  if (input.entityType === undefined)
    problems.push({ path: `${at}.entityType`, message: "required for an allowlist entry" });
  const entityId = input.entityId?.trim();
  if (!entityId) problems.push({ path: `${at}.entityId`, message: "required for an allowlist entry" });
  const expires = input.expiresAt === undefined ? Number.NaN : Date.parse(input.expiresAt);
  if (input.expiresAt === undefined) {
    problems.push({
      path: `${at}.expiresAt`,
      message: "required for an allowlist entry (a clearance expires)",
    });
  } else if (!(expires > now.getTime())) {
    problems.push({ path: `${at}.expiresAt`, message: "must be in the future" });
  } else if (expires > now.getTime() + MAX_ALLOWLIST_DAYS * DAY_MS) {
    problems.push({ path: `${at}.expiresAt`, message: `at most ${MAX_ALLOWLIST_DAYS} days ahead` });
  }
  if (problems.length > before) return undefined;
  const ruleId = input.ruleId ?? null;
  const entityType = input.entityType as EntityType;
  return {
    value: allowlistKey(entityType, entityId as string, ruleId),
    originalValue: `${entityType}:${entityId}`,
    entityType,
    entityId: entityId as string,
    ruleId,
    expiresAt: new Date(expires).toISOString(),
    note: input.note ?? null,
  };
}

function valueEntry(
  input: EntryInput,
  entryType: Exclude<EntryType, "entity">,
  at: string,
  isCountry: (code: string) => boolean,
  problems: EntryProblem[],
): PreparedEntry | undefined {
  const stray = ENTITY_FIELDS.filter((f) => input[f] !== undefined);
  for (const f of stray)
    problems.push({ path: `${at}.${f}`, message: "only allowlist entries take this field" });
  if (input.value === undefined) {
    problems.push({ path: `${at}.value`, message: "required" });
    return undefined;
  }
  const normalized = normalizeValue(entryType, input.value, isCountry);
  if (!normalized.ok) problems.push({ path: `${at}.value`, message: normalized.message });
  if (!normalized.ok || stray.length > 0) return undefined;
  return {
    value: normalized.value,
    originalValue: input.value,
    entityType: null,
    entityId: null,
    ruleId: null,
    expiresAt: null,
    note: input.note ?? null,
  };
}

export function prepareEntries(
  entryType: EntryType,
  inputs: EntryInput[],
  now: Date,
  isCountry: (code: string) => boolean,
): { entries: PreparedEntry[]; problems: EntryProblem[] } {
  const problems: EntryProblem[] = [];
  const byValue = new Map<string, PreparedEntry>();
  inputs.forEach((input, i) => {
    const at = `entries.${i}`;
    const entry =
      entryType === "entity"
        ? allowlistEntry(input, at, now, problems)
        : valueEntry(input, entryType, at, isCountry, problems);
    if (entry && !byValue.has(entry.value)) byValue.set(entry.value, entry);
  });
  return { entries: [...byValue.values()], problems };
}

/** An allowlist entry applies until its expiry (exclusive); other entries never expire. */
export const isExpired = (expiresAt: string | null, at: Date): boolean =>
  expiresAt !== null && Date.parse(expiresAt) <= at.getTime();
