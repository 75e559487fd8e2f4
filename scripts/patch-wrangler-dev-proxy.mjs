#!/usr/bin/env node
// postinstall: stop `wrangler dev` (what `npm start` runs) from leaving a request without an answer
// (docs/decisions/faults.md#unanswered-requests-under-npm-start). Its ProxyWorker forwards each
// request to the runtime; when that fetch fails it decides whether the runtime was replaced by
// comparing `href`s, and the request's URL carries its path and query while the runtime's is
// origin + "/": every failure looks like a restart (upstream workers-sdk PR 14593). A GET is then
// parked for a replay that only the next incoming request or reload starts (no answer at all
// when none comes); any other method gets a plain-text 503 "Your worker restarted mid-request".
// The failures themselves are kept-alive connections the runtime closes as they are reused
// (upstream issue 14641). Patched: origins are compared; on the same runtime a GET or HEAD is
// sent again at once on a fresh connection (at most twice, as upstream PR 15252 does), and
// anything else answers 503 with Retry-After saying what happened; never the fatal error report
// that upstream issue 15317 shows stopping the dev server. A no-op once the pattern is gone.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

export const target = resolve(import.meta.dirname, "../node_modules/wrangler/wrangler-dist/ProxyWorker.js");

const BUGGY = `        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);
        if (userWorkerUrl.href === newUserWorkerUrl?.href) {`;
export const PATCHED = `        const newUserWorkerUrl = this.proxyData && urlFromParts(this.proxyData.userWorkerUrl);
        // patched by scripts/patch-wrangler-dev-proxy.mjs (credit-ops)
        if (userWorkerUrl.origin === newUserWorkerUrl?.origin) {
          const attempts = (this.proxyAttempts ??= new WeakMap());
          const tried = (attempts.get(request) ?? 0) + 1;
          attempts.set(request, tried);
          if ((request.method === "GET" || request.method === "HEAD") && tried <= 2) {
            this.requestRetryQueue.set(request, deferredResponse);
            this.processQueue();
            return;
          }
          deferredResponse.resolve(
            new Response(
              \`The local runtime dropped the connection before answering (\${error.message}); the request may not have run. Retry it (with its Idempotency-Key).\`,
              { status: 503, headers: { "Retry-After": "1" } }
            )
          );
        } else if (false) {`;

export function patch(source) {
  if (source.includes(PATCHED) || !source.includes(BUGGY)) return source;
  return source.replace(BUGGY, PATCHED);
}

if (import.meta.url === `file://${process.argv[1]}` && existsSync(target)) {
  const before = readFileSync(target, "utf8");
  const after = patch(before);
  if (after !== before) writeFileSync(target, after);
}
