// Files `npm start` keeps between runs (.dev.vars, .wrangler/demo-keys.json), written so that an
// interrupted start never leaves one half-written, and read so that a damaged one is replaced
// rather than stopping every later start.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";

/** Writes `text` to a temporary file beside `file`, then renames it over `file` (atomic on one filesystem). */
export function writeFileAtomic(file, text, options = {}) {
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, text, options);
    renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * The demo keys by tenant id. A missing file is no keys; an unreadable one (empty, cut short, not
 * an object of strings) is no keys plus `problem`, so the caller mints new keys for the existing
 * tenants and says so.
 */
export function readKeyFile(file) {
  if (!existsSync(file)) return { keys: {} };
  const text = readFileSync(file, "utf8");
  try {
    const parsed = JSON.parse(text);
    const valid =
      parsed !== null &&
      typeof parsed === "object" &&
      !Array.isArray(parsed) &&
      Object.values(parsed).every((v) => typeof v === "string");
    if (valid) return { keys: Object.fromEntries(Object.entries(parsed)) };
    return { keys: {}, problem: "it does not hold an object of keys" };
  } catch (error) {
    return { keys: {}, problem: text.trim() === "" ? "it is empty" : `it is not JSON (${error.message})` };
  }
}
