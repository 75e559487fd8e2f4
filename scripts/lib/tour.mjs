// The commands of docs/tour.md and README's first example, for scripts/check-tour.mjs: every
// ```sh or ```bash block, split into commands as bash reads them (a line ending in `\`, `|`, `&&`
// or an open quote continues), each with the statuses >= 400 it expects (a `# expect 409` comment).
import { spawnSync } from "node:child_process";

const FENCE = /^```(\w*)\s*$/;
const RUNNABLE = new Set(["sh", "bash"]);

/** True when bash parses `text` as complete commands (no open quote, pipe, block or `\`). */
function complete(text) {
  if (/\\\s*$/.test(text)) return false;
  return spawnSync("bash", ["-n"], { input: text }).status === 0;
}

/** The statuses a command's `# expect 404, 409` comments allow (answers under 400 always pass). */
export function expectedStatuses(text) {
  const allowed = new Set();
  for (const [, list] of text.matchAll(/#\s*expect\s+([\d\s,|or]+)/g))
    for (const [code] of list.matchAll(/\d{3}/g)) allowed.add(Number(code));
  return allowed;
}

/**
 * `[{ line, block, text, expect }]`: the runnable commands of a markdown page in order; `line` is
 * the 1-based line of the command's first line, `block` the index of its runnable block. Comment
 * and blank lines between commands are left out. With `under` (a heading line such as
 * "## A first example"), only the blocks of that section.
 */
export function tourCommands(markdown, { under } = {}) {
  const commands = [];
  let inBlock = false;
  let runnable = false;
  let inSection = !under;
  let block = -1;
  let pending = null;
  markdown.split("\n").forEach((raw, index) => {
    const fence = raw.match(FENCE);
    if (fence && (!inBlock || fence[1] === "")) {
      if (inBlock && pending)
        throw new Error(`line ${pending.line}: command not complete at its block's end`);
      inBlock = !inBlock;
      runnable = inBlock && inSection && RUNNABLE.has(fence[1]);
      if (runnable) block++;
      return;
    }
    if (under && !inBlock && /^#+ /.test(raw))
      inSection = raw === under || (inSection && raw.indexOf(" ") > under.indexOf(" "));
    if (!runnable) return;
    if (!pending) {
      if (/^\s*(#.*)?$/.test(raw)) return;
      pending = { line: index + 1, text: raw };
    } else pending.text += `\n${raw}`;
    if (complete(pending.text)) {
      commands.push({ ...pending, block, expect: expectedStatuses(pending.text) });
      pending = null;
    }
  });
  return commands;
}

// A quoted string or a `$(...)` is one unit: a `)`, `|` or `-d` inside it is not the call's.
const UNIT = String.raw`'[^']*'|"(?:\\.|[^"\\])*"|\$\([^)]*\)`;
// A call runs to the end of its line (continued lines included), or to a pipe or a `)`.
const CALL = new RegExp(String.raw`\bcurl\b(?:${UNIT}|\\\n|[^\n|)'"])*`, "g");

/** A short name for a command: each request's method and path, else its first line. */
export function label(text) {
  const requests = [...text.matchAll(CALL)].map(([call]) => {
    const bare = call.replaceAll(new RegExp(UNIT, "g"), " ");
    const method = bare.match(/-X\s+(\w+)/)?.[1] ?? (/\s(-d|--data\S*)\s/.test(bare) ? "POST" : "GET");
    const path = call.match(/\$\{?BASE\}?((?:\$\([^)]*\)|[^"'\s])*)/)?.[1] ?? "?";
    return `${method} ${path}`;
  });
  return requests.length ? requests.join("; ") : text.split("\n")[0].trim();
}
