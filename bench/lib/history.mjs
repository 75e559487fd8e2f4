// The run history (bench/history.jsonl): one JSON object per line, one line per run, oldest
// first. `npm run bench -- --summary` appends its run; docs/performance.md keeps only the latest
// figures and says what each field holds.
import { execFileSync } from "node:child_process";
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { join } from "node:path";

export const HISTORY_FILE = join(import.meta.dirname, "..", "history.jsonl");

/**
 * The checked-out commit (short) and whether tracked files differ from it, the history file
 * aside (each summary run changes it); nulls outside a git checkout.
 */
export function gitState(cwd = import.meta.dirname) {
  const git = (...args) =>
    execFileSync("git", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  try {
    const changed = git("status", "--porcelain", "-uno", "--", ":(top)", ":(top,exclude)bench/history.jsonl");
    return { commit: git("rev-parse", "--short", "HEAD"), dirty: changed !== "" };
  } catch {
    return { commit: null, dirty: null };
  }
}

/** What the machine was doing: cores, Node, and the 1/5/15-minute load averages now. */
export const machineNow = () => ({
  cores: availableParallelism(),
  node: process.version,
  loadavg: loadavg().map((l) => Number(l.toFixed(2))),
});

/**
 * The history line of a summary run: when it ended, what it measured (commit, machine at start
 * and end), how long each bench took and every figure as the benches printed it.
 */
export function summaryEntry({ date, git, machineAtStart, machineAtEnd, summary, benches }) {
  return {
    date: date.toISOString(),
    kind: "summary",
    command: "npm run bench -- --summary",
    commit: git.commit,
    dirty: git.dirty,
    machine: {
      cores: machineAtStart.cores,
      node: machineAtStart.node,
      loadavg: { start: machineAtStart.loadavg, end: machineAtEnd.loadavg },
    },
    minutes: summary.minutes,
    benches,
    figures: summary.figures,
    failedRuns: summary.failedRuns,
    pass: summary.pass,
  };
}

/** Appends one entry as one line, starting a new line if the file's last one is unterminated. */
export function appendHistory(entry, file = HISTORY_FILE) {
  const text = existsSync(file) ? readFileSync(file, "utf8") : "";
  const lead = text === "" || text.endsWith("\n") ? "" : "\n";
  appendFileSync(file, `${lead}${JSON.stringify(entry)}\n`);
}

/** Every entry of a history file, oldest first (a line that is not JSON throws, naming it). */
export function readHistory(file = HISTORY_FILE) {
  const entries = [];
  for (const [i, line] of readFileSync(file, "utf8").split("\n").entries()) {
    if (line.trim() === "") continue;
    try {
      entries.push(JSON.parse(line));
    } catch (error) {
      throw new Error(`${file}:${i + 1}: ${error.message}`);
    }
  }
  return entries;
}
