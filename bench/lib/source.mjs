// The Worker's own TypeScript, bundled with esbuild and imported into a bench's Node process, so
// a bench runs the code it measures, not a copy.
import { resolve } from "node:path";
import { build } from "esbuild";

const root = resolve(import.meta.dirname, "../..");

/** Imports `contents` (export statements with paths from the repository root) as one module. */
export async function importSource(contents) {
  const out = await build({
    stdin: { contents, resolveDir: root, loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "error",
  });
  return import(`data:text/javascript;base64,${Buffer.from(out.outputFiles[0].text).toString("base64")}`);
}
