/** What a statement runs by; preparing and binding send nothing. */
const EXECUTE = new Set(["all", "run", "first", "raw"]);

/** Called for each call that goes to D1, with the number of statements it sends; runs it. */
export type AroundD1 = <R>(statements: number, send: () => Promise<R>) => Promise<R>;

/**
 * A D1 binding (or session) whose calls to D1 go through `around`: a statement's all, run,
 * first or raw (1 statement), a batch (its length), an exec (1). Sessions it opens are seen
 * through it too. The counting proxy and the yielding one are both this.
 */
export function interceptD1<T extends D1Database | D1DatabaseSession>(d1: T, around: AroundD1): T {
  // batch() must receive the binding's own statements, not our proxies.
  const inner = new WeakMap<object, D1PreparedStatement>();
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement => {
    const proxy = new Proxy(stmt, {
      get(target, prop) {
        if (prop === "bind") return (...values: unknown[]) => wrap(target.bind(...values));
        const value = Reflect.get(target, prop, target);
        if (typeof value !== "function") return value;
        if (EXECUTE.has(String(prop)))
          return (...args: unknown[]) => around(1, () => value.apply(target, args));
        return value.bind(target);
      },
    });
    inner.set(proxy, stmt);
    return proxy;
  };
  return new Proxy(d1, {
    get(target, prop) {
      if (prop === "prepare") return (sql: string) => wrap(target.prepare(sql));
      if (prop === "batch")
        return (stmts: D1PreparedStatement[]) =>
          around(stmts.length, () => target.batch(stmts.map((s) => inner.get(s) ?? s)));
      if (prop === "exec" && "exec" in target) return (sql: string) => around(1, () => target.exec(sql));
      if (prop === "withSession" && "withSession" in target)
        return (start?: D1SessionConstraint | D1SessionBookmark) =>
          interceptD1(target.withSession(start), around);
      const value = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
