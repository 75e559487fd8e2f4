import { describe, expect, it } from "vitest";

const files = Object.keys(import.meta.glob("./**/*.ts")).map((path) => path.replace(/^\.\//, ""));

/**
 * The naming rule for module files (docs/architecture.md#module-layout): a file's name says
 * its role. A module folder, and each sub-feature folder in it (`aml/cases/`, `ingest/sync/`),
 * holds only these; anything else lives in `routes/` (one file per operation), `domain/`
 * (pure logic) or `steps/` (one file per step of a pipeline).
 */
const ROLES = [
  "service",
  "repo",
  "system-repo",
  "schemas",
  "responses",
  "present",
  "jobs",
  "client",
  "config",
  "runner",
  "steps",
  "read-model",
];
const FREE_FOLDERS = ["routes", "domain", "steps"];
/** Transport modules: they adapt another protocol to the services, like src/http/ does. */
const TRANSPORTS = ["graphql/"];

const roleOf = (file: string) => (file.split("/").pop() ?? "").replace(/(\.test)?\.ts$/, "");
const inFreeFolder = (file: string) =>
  file
    .split("/")
    .slice(1, -1)
    .some((dir) => FREE_FOLDERS.includes(dir));

describe("module layout", () => {
  it("finds the module files", () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files).toContain("aml/cases/service.ts");
  });

  it("names every module file by its role", () => {
    const outliers = files.filter(
      (file) =>
        !TRANSPORTS.some((t) => file.startsWith(t)) &&
        !inFreeFolder(file) &&
        !ROLES.includes(roleOf(file)) &&
        file !== "layout.test.ts",
    );
    expect(
      outliers,
      `name module files ${ROLES.join(", ")}, or put them in ${FREE_FOLDERS.join("/")}`,
    ).toEqual([]);
  });
});
