/**
 * Writes database ids into the `[[env.<env>.d1_databases]]` blocks of wrangler.toml, by
 * binding: the line `database_id = "..."` is replaced, or added after `database_name`. A text
 * edit, not a TOML round trip, so comments and layout stay (wrangler's own config patcher
 * refuses TOML with comments). Pure; answers the new text and what changed.
 */
const HEADER = /^\s*\[\[?\s*([^\]\s]+)\s*\]\]?\s*(#.*)?$/;
const BINDING = /^\s*binding\s*=\s*"([^"]+)"/;
const NAME = /^\s*database_name\s*=/;
const ID = /^(\s*database_id\s*=\s*)"([^"]*)"(.*)$/;

export function recordDatabaseIds(toml, env, idsByBinding) {
  const lines = toml.split("\n");
  const table = `env.${env}.d1_databases`;
  const changed = [];
  const seen = new Set();
  let start = -1;
  const flush = (end) => {
    if (start < 0) return;
    const block = lines.slice(start, end);
    const binding = block.map((l) => BINDING.exec(l)?.[1]).find(Boolean);
    const id = binding ? idsByBinding[binding] : undefined;
    if (!binding || id === undefined) return;
    seen.add(binding);
    const idAt = block.findIndex((l) => ID.test(l));
    if (idAt >= 0) {
      const [, lead, current, rest] = ID.exec(block[idAt]);
      if (current === id) return;
      lines[start + idAt] = `${lead}"${id}"${rest}`;
    } else {
      const after = block.findIndex((l) => NAME.test(l));
      lines.splice(start + Math.max(after, 0) + 1, 0, `database_id = "${id}"`);
    }
    changed.push(binding);
  };
  for (let i = 0; i <= lines.length; i++) {
    const header = i < lines.length ? HEADER.exec(lines[i]) : ["", ""];
    if (!header) continue;
    const before = lines.length;
    flush(i);
    i += lines.length - before; // an inserted line shifts the rest down
    start = header[1] === table ? i : -1;
  }
  const unknown = Object.keys(idsByBinding).filter((b) => !seen.has(b));
  if (unknown.length) throw new Error(`wrangler.toml has no [[${table}]] block for ${unknown.join(", ")}`);
  return { toml: lines.join("\n"), changed };
}
