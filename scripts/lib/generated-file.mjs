// A file generated from the code (openapi.json, the SDK's types): written, or with `--check`
// compared with the committed copy, exiting 1 when it is stale so CI refuses it.
import { readFileSync, writeFileSync } from "node:fs";
import { relative } from "node:path";

export function writeOrCheckGenerated({ root, target, text, regenerate, summary = "" }) {
  const name = relative(root, target);
  if (!process.argv.includes("--check")) {
    writeFileSync(target, text);
    console.log(`wrote ${name}${summary ? ` (${summary})` : ""}`);
    return;
  }
  let current = "";
  try {
    current = readFileSync(target, "utf8");
  } catch {}
  if (current !== text) {
    console.error(`${name} is stale: run \`${regenerate}\` and commit the result.`);
    process.exit(1);
  }
  console.log(`${name} is current${summary ? ` (${summary})` : ""}.`);
}
