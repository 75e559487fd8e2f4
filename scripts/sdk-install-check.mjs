// The SDK as a user gets it (issue 38 item 6): `npm pack` in sdk/ (its `prepare` builds dist/),
// install the tarball in an empty project, import it by its package name, and run the SDK's
// example (sdk/examples/run.ts, compiled: onboard a customer and read its BHI, subscribe a
// webhook receiver and verify a test delivery) against the built Worker under Miniflare
// (bench/lib/server.mjs). No network: the SDK's one runtime dependency (openapi-fetch and its
// helper) is packed from the repository's node_modules and installed from those tarballs with
// --offline. Prints each phase's time; exits non-zero on any failure. `--built dist` serves the
// bundle `npm run deploy:dry` already wrote instead of building it again.
import { execFileSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const sdk = join(root, "sdk");
const work = mkdtempSync(join(tmpdir(), "sdk-install-"));
const env = {
  ...process.env,
  npm_config_update_notifier: "false",
  npm_config_fund: "false",
  npm_config_audit: "false",
};
const run = (cmd, args, cwd) =>
  execFileSync(cmd, args, { cwd, env, encoding: "utf8", stdio: ["ignore", "pipe", "inherit"] });
const started = performance.now();
const times = [];
const phase = (name, fn) => {
  const t0 = performance.now();
  const out = fn();
  times.push(`${name} ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return out;
};

const { ADMIN_TOKEN, api, buildWorker, miniflareOptions } = await import("../bench/lib/server.mjs");
const { Miniflare } = await import("miniflare");
const { unstable_splitSqlQuery } = await import("wrangler");

/**
 * The built Worker under Miniflare (as the benches serve it), with every migration applied as
 * one batch per file (a statement at a time costs ~40 s on a loaded 2-core machine).
 */
async function startWorker() {
  // `--built <dir>`: the bundle `npm run deploy:dry` wrote (CI runs this step after it).
  const builtArg = process.argv.indexOf("--built");
  const built = builtArg > 0 ? resolve(process.argv[builtArg + 1]) : undefined;
  const outdir = built ?? buildWorker();
  const state = mkdtempSync(join(tmpdir(), "sdk-state-"));
  const t = performance.now();
  const mf = new Miniflare(miniflareOptions(outdir, state, { vars: { ENVIRONMENT: "development" } }));
  const url = (await mf.ready).toString().replace(/\/$/, "");
  const ready = performance.now();
  times.push(`worker start ${((ready - t) / 1000).toFixed(1)} s`);
  const migrate = async (binding, dir) => {
    const db = await mf.getD1Database(binding);
    await db.exec(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    );
    for (const file of readdirSync(join(root, dir))
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      const statements = unstable_splitSqlQuery(readFileSync(join(root, dir, file), "utf8"));
      await db.batch([
        ...statements.map((q) => db.prepare(q)),
        db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(file),
      ]);
    }
  };
  // The example's tenant lives on shard 0; the other shard is not needed.
  await Promise.all([migrate("CONTROL_DB", "migrations/control"), migrate("SHARD_0", "migrations/shard")]);
  times.push(`migrations ${((performance.now() - ready) / 1000).toFixed(1)} s`);
  return {
    url,
    dispose: async () => {
      await mf.dispose();
      rmSync(state, { recursive: true, force: true });
      if (!built) rmSync(outdir, { recursive: true, force: true });
    },
  };
}

let service;
try {
  const tarballs = join(work, "tarballs");
  mkdirSync(tarballs);
  phase("pack", () => {
    run("npm", ["pack", "--pack-destination", tarballs], sdk);
    for (const dep of ["openapi-fetch", "openapi-typescript-helpers"])
      run("npm", ["pack", join(root, "node_modules", dep), "--pack-destination", tarballs], work);
  });

  const project = join(work, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "sdk-user", private: true, type: "module" }),
  );
  phase("install", () => {
    const files = readdirSync(tarballs).map((f) => join(tarballs, f));
    run("npm", ["install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", ...files], project);
  });

  // The compiled examples, importing the installed package instead of ../src/index.js.
  const examples = join(project, "examples");
  cpSync(join(sdk, "dist/examples"), examples, { recursive: true });
  for (const file of readdirSync(examples).filter((f) => f.endsWith(".js"))) {
    const path = join(examples, file);
    writeFileSync(path, readFileSync(path, "utf8").replaceAll('"../src/index.js"', '"@credit-ops/sdk"'));
  }
  const exported = phase("import", () =>
    run(
      "node",
      [
        "--input-type=module",
        "-e",
        'const m = await import("@credit-ops/sdk"); console.log(Object.keys(m).sort().join(","))',
      ],
      project,
    ).trim(),
  );
  if (!exported.includes("createClient")) throw new Error(`the package exports ${exported}`);

  service = await startWorker();
  const created = await api(service.url, ADMIN_TOKEN, "POST", "/admin/tenants", {
    name: "SDK install check",
    shard: 0,
  });
  if (created.status !== 201) throw new Error(`tenant: ${created.status} ${JSON.stringify(created.body)}`);
  const t1 = performance.now();
  const output = await (async () => {
    const { spawn } = await import("node:child_process");
    const child = spawn("node", [join(examples, "run.js")], {
      cwd: project,
      env: { ...env, API_URL: service.url, API_KEY: created.body.apiKey.key },
      stdio: ["ignore", "pipe", "inherit"],
    });
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    const code = await new Promise((done) => child.on("close", done));
    if (code !== 0) throw new Error(`example exited ${code}:\n${out}`);
    return out;
  })();
  times.push(`example ${((performance.now() - t1) / 1000).toFixed(1)} s`);
  process.stdout.write(output);
  if (!/BHI \d/.test(output) || !/verified delivery/.test(output))
    throw new Error("the example did not score a customer and verify a delivery");
  console.log(
    `sdk install check: ok (${times.join(", ")}; total ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
} finally {
  await service?.dispose();
  rmSync(work, { recursive: true, force: true });
}
