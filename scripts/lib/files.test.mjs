import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readKeyFile, writeFileAtomic } from "./files.mjs";

const dir = () => mkdtempSync(join(tmpdir(), "start-files-"));

describe("readKeyFile", () => {
  it("reads the keys by tenant id, and no keys without a file", () => {
    const d = dir();
    const file = join(d, "keys.json");
    expect(readKeyFile(file)).toEqual({ keys: {} });
    writeFileSync(file, JSON.stringify({ t1: "csk_test_a", t2: "csk_test_b" }));
    expect(readKeyFile(file)).toEqual({ keys: { t1: "csk_test_a", t2: "csk_test_b" } });
  });

  it("an empty, cut-short or wrongly shaped file is no keys and a problem, never a throw", () => {
    const file = join(dir(), "keys.json");
    for (const [text, problem] of [
      ["", /empty/],
      ['{"t1": "csk_te', /not JSON/],
      ["[1,2]", /object of keys/],
      ['{"t1": 5}', /object of keys/],
      ["null", /object of keys/],
    ]) {
      writeFileSync(file, text);
      const read = readKeyFile(file);
      expect(read.keys).toEqual({});
      expect(read.problem).toMatch(problem);
    }
  });

  it("a __proto__ key stays data", () => {
    const file = join(dir(), "keys.json");
    writeFileSync(file, '{"__proto__": "csk_test_x"}');
    const { keys } = readKeyFile(file);
    expect(Object.getPrototypeOf(keys)).toBe(Object.prototype);
    expect(Object.keys(keys)).toEqual(["__proto__"]);
  });
});

describe("writeFileAtomic", () => {
  it("replaces the file whole and leaves no temporary file", () => {
    const d = dir();
    const file = join(d, "keys.json");
    writeFileSync(file, "old");
    writeFileAtomic(file, "new\n");
    expect(readFileSync(file, "utf8")).toBe("new\n");
    expect(readdirSync(d)).toEqual(["keys.json"]);
  });

  it("a failed write leaves the old file as it was", () => {
    const d = dir();
    const file = join(d, "keys.json");
    writeFileSync(file, "old");
    expect(() => writeFileAtomic(file, "new", { flag: "wx", encoding: "bogus" })).toThrow();
    expect(readFileSync(file, "utf8")).toBe("old");
    expect(readdirSync(d)).toEqual(["keys.json"]);
  });
});
