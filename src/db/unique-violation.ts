/**
 * Whether a write failed on a unique index (of `table`, when named): the error D1 raises, or one
 * that carries it as its cause (Drizzle wraps the driver's error). Concurrent duplicates meet
 * there, and services answer them as the read-time check would (a 409), never a 500.
 */
export function isUniqueViolation(err: unknown, table?: string): boolean {
  const pattern = `UNIQUE constraint failed${table ? `: ${table}` : ""}`;
  for (let e: unknown = err, depth = 0; e !== undefined && e !== null && depth < 8; depth++) {
    if (String(e instanceof Error ? e.message : e).includes(pattern)) return true;
    e = e instanceof Error ? e.cause : undefined;
  }
  return false;
}
