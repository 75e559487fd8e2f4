#!/usr/bin/env node
// `npm run check:tour`: runs README's first example, then every command of docs/tour.md, in order,
// in one bash session from the repository root, against the service `npm start` serves on
// http://localhost:8787 with its demo
// tenants (start it first, in another terminal, and wait for the keys). Every answer's status is
// captured (curl is a shell function adding `--write-out` to stderr); an answer >= 400 fails the
// check unless the command carries `# expect <status>`, and so does a command exiting non-zero
// (a capture that found nothing). One line per command, then a summary; exit 1 on any failure.
// Not part of `npm test` or .ci/run: it needs the seeded demo, which takes minutes to build.
// Options: --from <line> runs only docs/tour.md's setup block and its commands from that line on;
// --verbose prints every answer.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { createInterface } from "node:readline";
import { label, tourCommands } from "./lib/tour.mjs";

const root = resolve(import.meta.dirname, "..");
const BASE = "http://localhost:8787"; // the tour's and README's BASE
const args = process.argv.slice(2);
const from = args.includes("--from") ? Number(args[args.indexOf("--from") + 1]) : 0;
const verbose = args.includes("--verbose");
const STATUS = "@@tour-status ";
const RETRY = "@@tour-retry";

// Nothing listening fails at once; a probe that times out is tried again (the queue may be busy
// with the demo's portfolio runs just after the keys are printed; see the RETRY note below).
for (let attempt = 1; ; attempt++) {
  try {
    const health = await fetch(`${BASE}/health`, { signal: AbortSignal.timeout(20_000) });
    if (!health.ok) throw new Error(`answered ${health.status}`);
    break;
  } catch (err) {
    if (err instanceof Error && err.name === "TimeoutError" && attempt < 3) continue;
    console.error(
      `check-tour: nothing healthy on ${BASE} (${err instanceof Error ? err.message : err}).\n` +
        "Start the service first with `npm start` in another terminal, wait until it prints the demo keys, then run this again.",
    );
    process.exit(2);
  }
}

const read = (file, options) => {
  const found = tourCommands(readFileSync(join(root, file), "utf8"), options);
  if (!found.length) throw new Error(`check-tour: no commands in ${file} ${options?.under ?? ""}`);
  return found.map((c) => ({ ...c, file }));
};
const tour = read("docs/tour.md");
const commands = from
  ? tour.filter((c) => c.block === 0 || c.line >= from)
  : [...read("README.md", { under: "## A first example" }), ...tour];
const dir = mkdtempSync(join(tmpdir(), "tour-"));

// fd 3 is this process's pipe: one `@@tour-done <n> <exit>` line after each command. A GET whose
// answer never came within a minute is asked once more, visibly (RETRY): under `wrangler dev` a
// request that arrives while a queue batch runs for over ~5 s sometimes never gets its answer.
const script = [
  "set -o pipefail",
  "exec 3>&1",
  `tour_curl() { command curl --max-time 60 "$@" --write-out '%{stderr}\\n${STATUS}%{http_code}\\n'; }`,
  `curl() {
  tour_curl "$@"; local rc=$? a
  [ $rc = 28 ] || return $rc
  for a in "$@"; do case $a in -X|--request|-d|--data*|-F|--form|-T|--upload-file) return $rc;; esac; done
  echo '${RETRY}' >&2; tour_curl "$@"
}`,
  ...commands.map(
    (c, n) =>
      `{\n${c.text}\n} >"${dir}/${n}.out" 2>"${dir}/${n}.err" </dev/null\necho "@@tour-done ${n} $?" >&3`,
  ),
].join("\n");

const bash = spawn("bash", ["-c", script], {
  cwd: root,
  stdio: ["ignore", "pipe", "inherit"],
  detached: true,
});
const results = [];
const started = performance.now();
let last = performance.now();
// A command (a poll loop) still running after STUCK_SECONDS stops the run: bash and what it started.
const STUCK_SECONDS = 300;
const watchdog = setInterval(() => {
  if ((performance.now() - last) / 1000 < STUCK_SECONDS) return;
  const stuck = commands[results.length];
  console.log(`FAIL     stuck for ${STUCK_SECONDS} s: ${stuck.file}:${stuck.line} ${label(stuck.text)}`);
  process.kill(-bash.pid, "SIGTERM");
}, 1000);
for await (const line of createInterface({ input: bash.stdout })) {
  const done = line.match(/^@@tour-done (\d+) (\d+)$/);
  if (!done) continue;
  const command = commands[Number(done[1])];
  const exit = Number(done[2]);
  const out = readFileSync(join(dir, `${done[1]}.out`), "utf8");
  const err = readFileSync(join(dir, `${done[1]}.err`), "utf8");
  const statuses = [];
  let retries = 0;
  for (const l of err.split("\n")) {
    if (l.startsWith(STATUS)) statuses.push(Number(l.slice(STATUS.length)));
    if (l !== RETRY) continue;
    statuses.pop(); // the lost answer's 000
    retries++;
  }
  const unexpected = statuses.filter((s) => (s >= 400 || s === 0) && !command.expect.has(s));
  const verdict =
    exit !== 0 || unexpected.length ? "FAIL" : statuses.some((s) => s >= 400) ? "expected" : "ok";
  const seconds = (performance.now() - last) / 1000;
  last = performance.now();
  results.push({ command, statuses, verdict, retries });
  const shown =
    (statuses.length ? collapse(statuses) : "-") +
    (retries ? ` RETRY${retries > 1 ? `x${retries}` : ""}` : "");
  console.log(
    `${verdict.padEnd(8)} ${shown.padEnd(12)} ${`${seconds.toFixed(1)}s`.padStart(6)}  ${`${command.file}:${command.line}`.padEnd(17)} ${label(command.text)}`,
  );
  if (verdict === "FAIL" || verbose) {
    if (exit !== 0) console.log(`         exit ${exit}`);
    const detail = `${out}\n${err.replaceAll(new RegExp(`^(${STATUS}.*|${RETRY})$`, "gm"), "")}`
      .replaceAll("\r", "")
      .trim();
    if (detail) console.log(indent(detail.length > 600 ? `${detail.slice(0, 600)} ...` : detail));
  }
}
await new Promise((r) => (bash.exitCode === null && bash.signalCode === null ? bash.on("exit", r) : r()));
clearInterval(watchdog);
rmSync(dir, { recursive: true, force: true });

const count = (v) => results.filter((r) => r.verdict === v).length;
const answers = results.reduce((n, r) => n + r.statuses.length, 0);
const failed = count("FAIL") + (commands.length - results.length);
const retried = results.reduce((n, r) => n + r.retries, 0);
console.log(
  `\ncheck:tour: ${results.length} of ${commands.length} commands run, ${answers} answers in ${((performance.now() - started) / 1000).toFixed(0)} s: ` +
    `${count("ok")} ok, ${count("expected")} with an expected error, ${failed} failed` +
    (retried ? `; ${retried} GET${retried > 1 ? "s" : ""} asked again after no answer in 60 s` : ""),
);
process.exit(failed ? 1 : 0);

/** `200x3 409` for [200, 200, 200, 409]. */
function collapse(statuses) {
  const runs = [];
  for (const s of statuses) {
    if (runs.at(-1)?.[0] === s) runs.at(-1)[1]++;
    else runs.push([s, 1]);
  }
  return runs.map(([s, n]) => (n > 1 ? `${s}x${n}` : String(s))).join(" ");
}

function indent(text) {
  return text.replace(/^/gm, "         | ");
}
