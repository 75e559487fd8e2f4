#!/usr/bin/env node
// What only a browser can show, in headless Chromium against the built Worker under Miniflare
// (bench/lib/server.mjs: own port, fresh state, every migration applied), one start for both:
// 1. The docs page (/v1/docs) renders with no internet: every request the page makes to a host
//    other than the Worker is aborted and counted, and the rendered DOM must hold the API title
//    and its operations.
// 2. CORS as a browser enforces it (issue 17): a tenant whose allowed origin is a tiny page served
//    from another local port; from that origin the API call succeeds and reads x-request-id and
//    RateLimit-Remaining; from an origin not allowed the browser blocks it.
// Exit 1 when a check fails. Installs Debian's chromium when missing; skips (exit 0) only when it
// cannot be installed.
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
  console.log("browser-checks: chromium missing, installing (apt-get install chromium)...");
  const apt = (...args) =>
    spawnSync("apt-get", args, {
      stdio: "inherit",
      env: { ...process.env, DEBIAN_FRONTEND: "noninteractive" },
    });
  const install = () => apt("install", "-y", "--no-install-recommends", "chromium").status === 0;
  return install() || (apt("update").status === 0 && install()) ? existsSync(CHROMIUM) : false;
}

if (!ensureChromium()) {
  console.log("browser-checks: SKIPPED: chromium is not installed and could not be installed.");
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

let failed = false;
const check = (ok, what) => {
  console.log(`${ok ? "ok  " : "FAIL"} ${what}`);
  if (!ok) failed = true;
};

/** 1. /v1/docs renders from the Worker alone. */
async function checkDocsPage(browser, api) {
  const external = [];
  const tab = await browser.newPage();
  await tab.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith(`${api}/`)) return route.continue();
    external.push(url);
    return route.abort();
  });
  await tab.goto(`${api}/v1/docs`);
  const wanted = ["Credit Operations and Business Health API", "List customers", "Admin"];
  // innerText, not textContent: what is rendered, not the text of scripts or the embedded spec.
  await tab
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
    .waitForFunction((texts) => texts.every((t) => document.body.innerText.includes(t)), wanted, {
      timeout: 30_000,
    })
    .catch(() => {});
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is the point
  const text = await tab.evaluate(() => document.body.innerText);
  await tab.close();
  const missing = wanted.filter((t) => !text.includes(t));
  check(
    missing.length === 0,
    `docs page renders (${text.length} characters; missing: ${missing.join(", ") || "none"})`,
  );
  check(
    external.length === 0,
    `docs page asks no other host (${external.length}: ${external.slice(0, 3).join(", ")})`,
  );
}

/** A page whose script calls the API with the key and leaves the outcome in window.result. */
const callerPage = (api, key) => `<!doctype html><meta charset="utf-8"><title>dashboard</title><script>
fetch(${JSON.stringify(`${api}/v1/customers?limit=1`)}, { headers: { authorization: "Bearer ${key}" } })
  .then(async (r) => { window.result = { status: r.status, requestId: r.headers.get("x-request-id"), remaining: r.headers.get("ratelimit-remaining"), count: (await r.json()).data.length }; })
  .catch((e) => { window.result = { blocked: String(e) }; });
</script>`;

/** 2. A tenant's allowed origin may call the API from a browser; another origin may not. */
async function checkCors(browser, api, adminToken, servers) {
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
      out.writeHead(200, { "content-type": "text/html" }).end(callerPage(api, apiKey.key)),
    );
    await new Promise((ok) => server.listen(port, "127.0.0.1", ok));
    servers.push(server);
  }
  const outcome = async (origin) => {
    const tab = await browser.newPage();
    await tab.goto(`${origin}/`);
    await tab.waitForFunction(() => window.result !== undefined, null, { timeout: 15_000 });
    const result = await tab.evaluate(() => window.result);
    await tab.close();
    return result;
  };
  const fromAllowed = await outcome(allowed);
  const fromOther = await outcome(other);
  check(
    fromAllowed.status === 200 && !!fromAllowed.requestId && fromAllowed.count === 0,
    `allowed origin ${allowed}: ${JSON.stringify(fromAllowed)}`,
  );
  check(!!fromAllowed.remaining, "allowed origin reads RateLimit-Remaining");
  check(
    typeof fromOther.blocked === "string",
    `other origin ${other} blocked by the browser: ${JSON.stringify(fromOther)}`,
  );
}

const adminToken = `adm_${randomBytes(18).toString("base64url")}`;
const service = await startService({ vars: { ADMIN_TOKEN: adminToken }, rateLimits: true });
console.log(`service up in ${seconds()}`);
const servers = [];
let browser;
try {
  browser = await chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), "browser-checks-")), {
    executablePath: CHROMIUM,
    headless: true,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
  console.log(`browser up in ${seconds()}`);
  await checkDocsPage(browser, service.url);
  await checkCors(browser, service.url, adminToken, servers);
} catch (error) {
  console.error(`browser-checks: ${error instanceof Error ? error.message : error}`);
  failed = true;
} finally {
  await browser?.close().catch(() => {});
  for (const s of servers) s.close();
  await service.dispose();
}
console.log(`browser-checks: ${failed ? "FAILED" : "passed"} in ${seconds()}`);
process.exit(failed ? 1 : 0);
