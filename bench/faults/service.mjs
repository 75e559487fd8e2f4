// The service bench/faults.mjs kills: `npm start` (wrangler dev behind its proxy, its state in
// .wrangler/ of this checkout, the minute cron ticked by start.mjs), started as a process-group
// leader so that SIGKILL of the group takes wrangler, its workerd and start.mjs together.
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "../..");
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** Spawns `npm start` as a group leader; resolves when it prints that request logs follow. */
function launch(env, lines) {
  const child = spawn("npm", ["start"], {
    cwd: root,
    detached: true,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let tail = "";
  let ready = false;
  return new Promise((resolveReady, reject) => {
    const collect = (chunk) => {
      tail += chunk;
      const parts = tail.split("\n");
      tail = parts.pop();
      lines.push(...parts);
      if (!ready && parts.some((l) => l.includes("Request logs follow"))) {
        ready = true;
        resolveReady(child);
      }
    };
    child.stdout.on("data", collect);
    child.stderr.on("data", collect);
    child.on("exit", (code) => {
      if (!ready)
        reject(new Error(`npm start exited (${code}) before it was ready:\n${lines.slice(-20).join("\n")}`));
    });
  });
}

/** Resolves once nothing answers on `url` (the killed group has let go of the port). */
async function portFree(url) {
  for (let i = 0; i < 100; i++) {
    try {
      await fetch(`${url}/health`, { signal: AbortSignal.timeout(500) });
    } catch {
      return;
    }
    await sleep(100);
  }
}

/**
 * `start()`, `kill()` (SIGKILL of the whole group, then waits until nothing answers), `url`,
 * `adminToken` (from .dev.vars), `lines` (all the service printed: request, dead-letter and
 * deadline log lines), `tickCron()` and `dispose()`.
 */
export function npmStartService(port) {
  const url = `http://127.0.0.1:${port}`;
  const lines = [];
  let child;
  const env = {
    ...process.env,
    PORT: String(port),
    WRANGLER_SEND_METRICS: "false",
    WRANGLER_SEND_ERROR_REPORTS: "false",
    CLOUDFLARE_CF_FETCH_ENABLED: "false",
  };
  return {
    url,
    lines,
    adminToken: null,
    async start() {
      child = await launch(env, lines);
      this.adminToken = readFileSync(join(root, ".dev.vars"), "utf8")
        .match(/^ADMIN_TOKEN=(.+)$/m)[1]
        .trim();
    },
    tickCron: () =>
      fetch(`${url}/__scheduled?cron=*+*+*+*+*`)
        .then((r) => r.arrayBuffer())
        .catch(() => {}),
    async kill() {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
      await portFree(url);
    },
    async dispose() {
      try {
        process.kill(-child.pid, "SIGINT");
      } catch {}
      await sleep(1500);
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {}
    },
  };
}
