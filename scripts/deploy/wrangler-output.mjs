/**
 * Readers of wrangler 4.86's list commands, as they print (fixtures/ holds real outputs,
 * recorded by running wrangler against a local fake of the Cloudflare API):
 * - `wrangler d1 list --json`: a JSON array of {uuid, name, ...}
 * - `wrangler queues list [--page n]`: a cli-table3 box table under the banner
 * - `wrangler r2 bucket list`: "name: <bucket>" / "creation_date: ..." blocks
 * - `wrangler secret list --format json`: a JSON array of {name, type}; a Worker that does not
 *   exist yet fails with `Worker "<name>" not found.`
 */

// biome-ignore lint/suspicious/noControlCharactersInRegex: ANSI colour codes, when a TTY forced them
const ANSI = /\u001b\[[0-9;]*m/g;
export const plain = (text) => text.replace(ANSI, "");

/** Database ids by name. */
export function parseD1List(stdout) {
  const list = JSON.parse(plain(stdout).slice(plain(stdout).indexOf("[")));
  return new Map(list.map((db) => [db.name, db.uuid]));
}

/** Queue names of one page of the table; the header row and the borders are skipped. */
export function parseQueuesList(stdout) {
  const names = [];
  for (const line of plain(stdout).split("\n")) {
    if (!line.startsWith("│")) continue;
    const cells = line
      .split("│")
      .slice(1, -1)
      .map((c) => c.trim());
    if (cells.length >= 2 && !(cells[0] === "id" && cells[1] === "name")) names.push(cells[1]);
  }
  return names;
}

export function parseR2BucketList(stdout) {
  return [...plain(stdout).matchAll(/^name:\s+(\S+)\s*$/gm)].map((m) => m[1]);
}

/** Secret names, or null when the Worker does not exist yet (so it has no secrets). */
export function parseSecretList(stdout, stderr, exitCode) {
  if (exitCode !== 0) {
    if (/Worker ".*" not found/.test(plain(stderr))) return null;
    throw new Error(`wrangler secret list failed: ${plain(stderr).trim()}`);
  }
  return new Set(JSON.parse(plain(stdout).slice(plain(stdout).indexOf("["))).map((s) => s.name));
}
