#!/usr/bin/env node
// The webhook verification snippets of docs/conventions.md, run as written: deliveries are signed
// by the service's own code (src/modules/webhooks/domain/signing.ts); the page's Node and Python
// verifiers must accept genuine ones (either secret during a rotation) and refuse the rest.
// Without python3 the Python half is skipped with a message.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "..");
const page = readFileSync(join(root, "docs/conventions.md"), "utf8");
const fence = "`".repeat(3);
const block = (lang) => page.match(new RegExp(`${fence}${lang}\\n([\\s\\S]*?)${fence}`))?.[1];
const dir = mkdtempSync(join(tmpdir(), "snippets-"));
writeFileSync(join(dir, "verify.mjs"), block("js"));
writeFileSync(join(dir, "verify.py"), block("python"));
await build({
  entryPoints: [join(root, "src/modules/webhooks/domain/signing.ts")],
  bundle: true,
  format: "esm",
  outfile: join(dir, "signing.mjs"),
  logLevel: "error",
});
const { deliveryHeaders, generateSecret } = await import(pathToFileURL(join(dir, "signing.mjs")).href);
const { verify } = await import(pathToFileURL(join(dir, "verify.mjs")).href);
const python = spawnSync("python3", ["--version"]).status === 0;
if (!python) console.log("check-webhook-snippets: python3 not found; Python snippet skipped.");

const secret = generateSecret();
const previous = generateSecret();
const body = JSON.stringify({ id: "evt_1", type: "bhi.calculated", data: { name: "Kwame Nkrumah Ave ü €" } });
const now = Math.floor(Date.now() / 1000);
const sign = (extra = {}) =>
  deliveryHeaders({
    eventId: "evt_1",
    eventType: "bhi.calculated",
    body,
    timestampSeconds: now,
    secret,
    ...extra,
  });
const cases = [
  ["genuine", await sign(), secret, body, true],
  ["body changed", await sign(), secret, body.replace("evt_1", "evt_2"), false],
  ["another secret", await sign(), generateSecret(), body, false],
  ["rotation: old secret", await sign({ previousSecret: previous }), previous, body, true],
  ["rotation: new secret", await sign({ previousSecret: previous }), secret, body, true],
  ["10 minutes old", await sign({ timestampSeconds: now - 600 }), secret, body, false],
];
const pyVerify = (input) => {
  const code = `import json, sys\nexec(open(sys.argv[1]).read())\na = json.loads(sys.argv[2])\nprint(verify(a["key"], a["headers"], a["body"].encode()))`;
  const run = spawnSync("python3", ["-c", code, join(dir, "verify.py"), JSON.stringify(input)], {
    encoding: "utf8",
  });
  if (run.status !== 0) throw new Error(`python snippet failed: ${run.stderr}`);
  return run.stdout.trim() === "True";
};
let failed = 0;
for (const [name, headers, key, raw, expected] of cases) {
  const got = [verify(key, headers, raw), ...(python ? [pyVerify({ key, headers, body: raw })] : [])];
  const ok = got.every((g) => g === expected);
  if (!ok) failed++;
  console.log(`${ok ? "ok  " : "FAIL"} ${name}: expected ${expected}, node/python ${got.join("/")}`);
}
process.exit(failed ? 1 : 0);
