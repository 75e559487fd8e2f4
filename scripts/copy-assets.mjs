#!/usr/bin/env node
// postinstall: self-host the docs page bundle under public/ (served as Workers static
// assets), so GET /v1/docs works with no internet.
import { copyFileSync, mkdirSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const pkg = join(root, "node_modules/@scalar/api-reference");
const target = join(root, "public/assets/scalar");
mkdirSync(target, { recursive: true });
copyFileSync(join(pkg, "dist/browser/standalone.js"), join(target, "standalone.js"));
