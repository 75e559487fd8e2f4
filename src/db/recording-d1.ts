import { drizzleShard } from "./system-db";
import { forTenant } from "./tenant-db";

/**
 * For unit tests of statement builders: a D1 binding that records what it prepared and bound,
 * and answers each statement with `rows` (as arrays to raw()) or `objects` (to all() and in a
 * batch). No SQL runs; the Workers-pool tests run statements on real D1.
 */
export function recordingD1(rows: unknown[][] = [], objects: object[] = []) {
  const sent: Array<{ text: string; values: unknown[] }> = [];
  const statement = (text: string, values: unknown[] = []) => ({
    bind: (...bound: unknown[]) => statement(text, bound),
    raw: async () => {
      sent.push({ text, values });
      return rows;
    },
    all: async () => {
      sent.push({ text, values });
      return { results: objects };
    },
    text,
    values,
  });
  const binding = {
    prepare: (text: string) => statement(text),
    batch: async (stmts: Array<{ text: string; values: unknown[] }>) => {
      sent.push(...stmts.map(({ text, values }) => ({ text, values })));
      return stmts.map(() => ({ results: objects }));
    },
  } as unknown as D1Database;
  return { binding, sent };
}

/** A tenant scope over a (recording) binding. */
export const scopeOn = (binding: D1Database, tenantId: string) => ({
  db: forTenant(drizzleShard(binding), tenantId),
  tenantId,
});
