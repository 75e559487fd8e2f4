import type { Format } from "./parse";
import { RESOURCES, type Resource } from "./records";

/** Where a tenant's core-banking export files are dropped. */
export const importPrefix = (tenantId: string): string => `tenants/${tenantId}/imports/core_banking/`;

/**
 * `<resource>[-<anything>].<ndjson|jsonl|csv>` directly under the prefix, e.g.
 * `customers.csv`, `transactions-2026-01-31.ndjson`. Anything else is not an export file.
 */
export function exportFileSpec(name: string): { resource: Resource; format: Format } | null {
  const match = /^(customers|agents|accounts|transactions)(?:[-_.][^/]*)?\.(ndjson|jsonl|csv)$/i.exec(name);
  if (!match) return null;
  return {
    resource: match[1].toLowerCase() as Resource,
    format: match[2].toLowerCase() === "csv" ? "csv" : "ndjson",
  };
}

/** Load order: what a record links to is loaded before it; then by name (dated names sort in time). */
export function loadOrder(
  a: { resource: string; key: string },
  b: { resource: string; key: string },
): number {
  const rank = (r: string) => RESOURCES.indexOf(r as Resource);
  return rank(a.resource) - rank(b.resource) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0);
}
