import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { appendHistory, gitState, HISTORY_FILE, readHistory, summaryEntry } from "./history.mjs";

const dirs = [];
const scratch = () => {
  const dir = mkdtempSync(join(tmpdir(), "bench-history-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const figure = { name: "screening.p99_ms@100/s", value: 33.7, unit: "ms", goal: { max: 35 }, pass: true };
const entry = summaryEntry({
  date: new Date("2026-12-02T04:10:00Z"),
  git: { commit: "3ae59d8", dirty: false },
  machineAtStart: { cores: 2, node: "v22.0.0", loadavg: [0.5, 0.7, 0.9] },
  machineAtEnd: { cores: 2, node: "v22.0.0", loadavg: [1.9, 1.2, 1] },
  summary: { minutes: 5.7, figures: [figure], failedRuns: [], pass: true },
  benches: [{ run: "screening.mjs 100 --seconds 10", seconds: 20, status: 0 }],
});

describe("bench history (bench/history.jsonl)", () => {
  it("records a summary run with its date, commit, machine, bench times and every figure", () => {
    expect(entry).toEqual({
      date: "2026-12-02T04:10:00.000Z",
      kind: "summary",
      command: "npm run bench -- --summary",
      commit: "3ae59d8",
      dirty: false,
      machine: { cores: 2, node: "v22.0.0", loadavg: { start: [0.5, 0.7, 0.9], end: [1.9, 1.2, 1] } },
      minutes: 5.7,
      benches: [{ run: "screening.mjs 100 --seconds 10", seconds: 20, status: 0 }],
      figures: [figure],
      failedRuns: [],
      pass: true,
    });
  });

  it("appends one line per run, after a last line left unterminated, and reads them back in order", () => {
    const file = join(scratch(), "history.jsonl");
    appendHistory(entry, file);
    writeFileSync(file, `${readFileSync(file, "utf8")}{"date":"2026-12-03","kind":"bench","figures":[]}`);
    appendHistory({ ...entry, minutes: 4 }, file);
    const lines = readFileSync(file, "utf8").split("\n");
    expect(lines).toHaveLength(4);
    expect(lines[3]).toBe("");
    expect(readHistory(file).map((e) => e.minutes ?? e.kind)).toEqual([5.7, "bench", 4]);
  });

  it("names the line that is not JSON", () => {
    const file = join(scratch(), "history.jsonl");
    writeFileSync(file, `${JSON.stringify(entry)}\n\n{not json\n`);
    expect(() => readHistory(file)).toThrow(/history\.jsonl:3:/);
  });

  it("counts a checkout as changed by its tracked files, not by the history file", () => {
    const repo = scratch();
    const git = (...args) => execFileSync("git", args, { cwd: repo, stdio: "ignore" });
    mkdirSync(join(repo, "bench"));
    writeFileSync(join(repo, "bench/history.jsonl"), "");
    writeFileSync(join(repo, "a.txt"), "a");
    git("init", "-q");
    git("add", ".");
    git("-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "init");
    const cwd = join(repo, "bench");
    expect(gitState(cwd)).toEqual({ commit: expect.stringMatching(/^[0-9a-f]{7,}$/), dirty: false });
    appendHistory(entry, join(repo, "bench/history.jsonl"));
    expect(gitState(cwd).dirty).toBe(false);
    writeFileSync(join(repo, "a.txt"), "b");
    expect(gitState(cwd).dirty).toBe(true);
    expect(gitState(tmpdir())).toEqual({ commit: null, dirty: null });
  });

  it("holds only well-formed runs in the repository's history, oldest first", () => {
    const runs = readHistory(HISTORY_FILE);
    expect(runs.length).toBeGreaterThan(0);
    for (const run of runs) {
      expect(run.date, JSON.stringify(run).slice(0, 200)).toMatch(/^\d{4}-\d{2}-\d{2}/);
      expect(["summary", "bench", "paired", "probe"]).toContain(run.kind);
      expect(Array.isArray(run.figures)).toBe(true);
      for (const f of run.figures) {
        expect(typeof f.name).toBe("string");
        expect(typeof f.unit).toBe("string");
        // A value is a number, a range of runs ({ min, max }) or one number per part (per pair of rounds).
        const { value } = f;
        const values = Array.isArray(value)
          ? value
          : typeof value === "object"
            ? [value.min, value.max]
            : [value];
        for (const v of values) expect(typeof v, `${run.date} ${f.name}`).toBe("number");
        if (!Array.isArray(value) && typeof value === "object")
          expect(value.min).toBeLessThanOrEqual(value.max);
      }
    }
    const dates = runs.map((r) => r.date.slice(0, 10));
    expect(dates).toEqual([...dates].sort());
  });
});
