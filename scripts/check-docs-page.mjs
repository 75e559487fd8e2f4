#!/usr/bin/env node
// Proves the docs page renders with no internet: serves the Worker with wrangler dev (its own
// port and state), loads /v1/docs in headless Chromium with background networking off, and
// checks the rendered DOM holds the API title and operations. Exit 1 when it does not.
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const chromium = ["/usr/bin/chromium", "/usr/bin/chromium-browser"].find(existsSync);
if (!chromium) {
  console.log("check-docs-page: chromium not installed (apt-get install -y chromium); skipped.");
  process.exit(process.argv.includes("--require") ? 1 : 0);
}
const port = 8790 + Math.floor(Math.random() * 100);
const env = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  WRANGLER_SEND_ERROR_REPORTS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
};
const dev = spawn(
  join(root, "node_modules/.bin/wrangler"),
  [
    "dev",
    "--port",
    String(port),
    "--ip",
    "127.0.0.1",
    "--persist-to",
    mkdtempSync(join(tmpdir(), "docs-check-")),
    "--var",
    "ADMIN_TOKEN:unused-here",
  ],
  { cwd: root, env, stdio: "ignore" },
);
try {
  let up = false;
  for (let i = 0; i < 60 && !up; i++) {
    await new Promise((r) => setTimeout(r, 500));
    up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
  }
  if (!up) throw new Error("wrangler dev did not start");
  const run = spawnSync(
    chromium,
    [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      `--user-data-dir=${mkdtempSync(join(tmpdir(), "chromium-"))}`,
      "--virtual-time-budget=15000",
      "--dump-dom",
      `http://127.0.0.1:${port}/v1/docs`,
    ],
    { encoding: "utf8", timeout: 90_000, maxBuffer: 64 * 1024 * 1024 },
  );
  const dom = run.stdout ?? "";
  if (process.env.DUMP_DOM) (await import("node:fs")).writeFileSync(process.env.DUMP_DOM, dom);
  const wanted = ["Credit Operations and Business Health API", "List customers", ">Admin<"];
  const missing = wanted.filter((text) => !dom.includes(text));
  if (missing.length) {
    console.error(
      `check-docs-page: the rendered page lacks ${missing.map((m) => `"${m}"`).join(", ")} (DOM ${dom.length} bytes)`,
    );
    process.exitCode = 1;
  } else {
    console.log(
      `check-docs-page: /v1/docs rendered offline in headless Chromium (DOM ${dom.length} bytes, all of: ${wanted.join("; ")}).`,
    );
  }
} finally {
  dev.kill("SIGINT");
}
