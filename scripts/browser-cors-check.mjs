#!/usr/bin/env node
// CORS as a browser enforces it (issue 17): starts the built Worker under Miniflare (own port,
// fresh state, every migration applied), creates a tenant whose allowed origin is a tiny page served from another local
// port, and loads two pages in headless Chromium: from the allowed origin the API call succeeds and
// reads x-request-id; from an origin not allowed the browser blocks it. Exit 1 when either fails.
// Installs Debian's chromium when missing; skips (exit 0) only when it cannot be installed.
import { spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync } from "node:fs";
import { createServer } from "node:http";
import { createServer as createNetServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startService } from "../bench/lib/server.mjs";

const started = Date.now();
const seconds = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
const CHROMIUM = "/usr/bin/chromium";

function ensureChromium() {
  if (existsSync(CHROMIUM)) return true;
  console.log("browser-cors-check: chromium missing, installing (apt-get install chromium)...");
  const apt = (...args) =>
    spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  const install = () => apt("install", "-y", "--no-install-recommends", "chromium").status === 0;
  return install() || (apt("update").status === 0 && install()) ? existsSync(CHROMIUM) : false;
}

if (!ensureChromium()) {
  console.log("browser-cors-check: SKIPPED: chromium is not installed and could not be installed.");
  process.exit(0);
}
const { chromium } = await import("playwright-core");

const freePort = () =>
  new Promise((ok) => {
    const s = createNetServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => ok(port));
    });
  });

const adminToken = `adm_${randomBytes(18).toString("base64url")}`;
// The built Worker under Miniflare with every migration applied in-process (bench/lib/server.mjs):
// much faster to start than wrangler dev plus one `wrangler d1 migrations apply` per database.
const service = await startService({ vars: { ADMIN_TOKEN: adminToken }, rateLimits: true });
const api = service.url;
console.log(`service up in ${seconds()}`);

/** A page whose script calls the API with the key and leaves the outcome in window.result. */
const page = (key) => `<!doctype html><meta charset="utf-8"><title>dashboard</title><script>
fetch(${JSON.stringify(`${api}/v1/customers?limit=1`)}, { headers: { authorization: "Bearer ${key}" } })
  .then(async (r) => { window.result = { status: r.status, requestId: r.headers.get("x-request-id"), remaining: r.headers.get("ratelimit-remaining"), count: (await r.json()).data.length }; })
  .catch((e) => { window.result = { blocked: String(e) }; });
</script>`;

const servers = [];
let browser;
let failed = false;
try {
  const [allowedPort, otherPort] = [await freePort(), await freePort()];
  const allowed = `http://127.0.0.1:${allowedPort}`;
  const other = `http://127.0.0.1:${otherPort}`;
  const res = await fetch(`${api}/admin/tenants`, {
    method: "POST",
    headers: { authorization: `Bearer ${adminToken}`, "content-type": "application/json" },
    body: JSON.stringify({ name: "CORS check", settings: { allowedOrigins: [allowed] } }),
  });
  if (res.status !== 201) throw new Error(`creating the tenant: ${res.status} ${await res.text()}`);
  const { apiKey } = await res.json();
  for (const port of [allowedPort, otherPort]) {
    const server = createServer((_req, out) =>
      out.writeHead(200, { "content-type": "text/html" }).end(page(apiKey.key)),
    );
    await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
    servers.push(server);
  }

  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "cors-chromium-")), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  const outcome = async (origin) => {
    const tab = await browser.newPage();
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => window.result !== undefined, null, { timeout: 15_000 });
    const result = await tab.evaluate(() => window.result);
    await tab.close();
    return result;
  };
  console.log(`browser up in ${seconds()}`);
  const fromAllowed = await outcome(allowed);
  const fromOther = await outcome(other);
  const check = (ok, what) => {
    console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
    if (!ok) failed = true;
  };
  check(
    fromAllowed.status === 200 && !!fromAllowed.requestId && fromAllowed.count === 0,
    `allowed origin ${allowed}: ${JSON.stringify(fromAllowed)}`,
  );
  check(!!fromAllowed.remaining, "allowed origin reads RateLimit-Remaining");
  check(
    typeof fromOther.blocked === "string",
    `other origin ${other} blocked by the browser: ${JSON.stringify(fromOther)}`,
  );
} catch (error) {
  console.error(`browser-cors-check: ${error instanceof Error ? error.message : error}`);
  failed = true;
} finally {
  await browser?.close().catch(() => {});
  for (const s of servers) s.close();
  await service.dispose();
}
console.log(`browser-cors-check: ${failed ? "FAILED" : "passed"} in ${seconds()}`);
process.exit(failed ? 1 : 0);
