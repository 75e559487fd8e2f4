#!/usr/bin/env node
// postinstall: fix a quadratic slowdown in @cloudflare/vitest-pool-workers 0.15.1 (upstream
// workers-sdk issue 15092, fixed upstream by installing the proxy once). Its entrypoint wrapper
// wraps the class prototype in one more Proxy on every construction, and workerd constructs
// the wrapper for every SELF.fetch and queue delivery: after n requests in a test file each
// property read walks n proxies (measured: 9 ms a request at first, 250 ms after 1,000).
// The whole fix is one guard; docs/decisions/ci.md has the figures. A no-op once the installed
// pool no longer has the pattern (an upgrade that carries the upstream fix).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export const target = resolve(
  import.meta.dirname,
  "../node_modules/@cloudflare/vitest-pool-workers/dist/worker/lib/cloudflare/test-internal.mjs",
);
const BUGGY = "\tfunction Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, {";
export const PATCHED =
  "\tlet proxied = false;\n\tfunction Class(...args) {\n\t\tif (!proxied) proxied = true, Class.prototype = new Proxy(Class.prototype, {";

export function patch(source) {
  if (source.includes(PATCHED) || !source.includes(BUGGY)) return source;
  return source.replace(BUGGY, PATCHED);
}

if (import.meta.url === `file://${process.argv[1]}` && existsSync(target)) {
  const before = readFileSync(target, "utf8");
  const after = patch(before);
  if (after !== before) writeFileSync(target, after);
}
