#!/usr/bin/env node
// postinstall: make the channel between Vitest (Node) and each workerd of the test pool cheaper.
// Every module of the Worker's graph (about 1,500, with inline source maps) crosses it once per
// workerd, and every workerd pays it again (docs/decisions/ci.md#pool-transport):
//  - the pool (@cloudflare/vitest-pool-workers 0.15.1) serialises each message with devalue,
//    whose string escaper walks the code character by character in JavaScript: about 1 s of
//    Node CPU per workerd. The patch escapes with JSON.stringify (native) and then the three
//    characters devalue escapes and JSON does not: the same text, except that a lone surrogate
//    is written as its \u escape (what JSON.parse reads back to the same string).
//  - Miniflare opens that WebSocket with permessage-deflate, so Node compresses and workerd
//    inflates every module over a loopback socket (about 0.8 s of Node CPU per workerd), and
//    masks every frame Node sends with a random key, in JavaScript (0.1 s). The patch opens it
//    without compression and with the all-zero mask, which ws sends without masking the bytes.
//    Masking guards browsers' traffic through proxies; this socket is Node's, on loopback.
// A no-op once an installed version no longer has the pattern.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";

const nodeModules = resolve(import.meta.dirname, "../node_modules");
export const poolTarget = resolve(nodeModules, "@cloudflare/vitest-pool-workers/dist/pool/index.mjs");
export const miniflareTarget = resolve(nodeModules, "miniflare/dist/src/index.js");

export const SLOW_ESCAPE = `function stringify_string(str) {
\tlet result = "";
\tlet last_pos = 0;
\tconst len = str.length;
\tfor (let i = 0; i < len; i += 1) {
\t\tconst char = str[i];
\t\tconst replacement = get_escaped_char(char);
\t\tif (replacement) {
\t\t\tresult += str.slice(last_pos, i) + replacement;
\t\t\tlast_pos = i + 1;
\t\t}
\t}
\treturn \`"\${last_pos === 0 ? str : result + str.slice(last_pos)}"\`;
}`;
export const FAST_ESCAPE = `function stringify_string(str) {
\treturn JSON.stringify(str).replace(/[<\\u2028\\u2029]/g, (c) => c === "<" ? "\\\\u003C" : c === "\\u2028" ? "\\\\u2028" : "\\\\u2029");
}`;

const DEFLATE = `const ws = new import_ws2.default(url38, protocols, {
      followRedirects: request4.redirect === "follow",`;
export const NO_DEFLATE = `const ws = new import_ws2.default(url38, protocols, {
      perMessageDeflate: false,
      generateMask: (mask) => mask.fill(0),
      followRedirects: request4.redirect === "follow",`;

const replaceOnce = (source, from, to) =>
  source.includes(to) || !source.includes(from) ? source : source.replace(from, to);

export const patchPool = (source) => replaceOnce(source, SLOW_ESCAPE, FAST_ESCAPE);
export const patchMiniflare = (source) => replaceOnce(source, DEFLATE, NO_DEFLATE);

if (import.meta.url === `file://${process.argv[1]}`) {
  for (const [target, patch] of [
    [poolTarget, patchPool],
    [miniflareTarget, patchMiniflare],
  ]) {
    if (!existsSync(target)) continue;
    const before = readFileSync(target, "utf8");
    const after = patch(before);
    if (after !== before) writeFileSync(target, after);
  }
}
