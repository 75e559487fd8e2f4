import { describe, expect, it } from "vitest";
import { checkFile, importsOf, refusal, roleOf } from "./layering.mjs";

/** The rule that refuses `file` importing `specifier`, or "allowed". */
const verdict = (file, specifier) => refusal(file, specifier)?.rule ?? "allowed";

describe("layering check (scripts/layering-rules.mjs)", () => {
  it("refuses known violations", () => {
    expect(verdict("modules/fraud/domain/score.ts", "drizzle-orm")).toBe("domain may not import infra");
    expect(verdict("modules/fraud/domain/score.ts", "@hono/zod-openapi")).toBe("domain may not import infra");
    expect(verdict("modules/aml/domain/rules.ts", "cloudflare:workers")).toBe("domain may not import infra");
    expect(verdict("modules/fraud/domain/score.ts", "../service")).toBe("domain may not import service");
    expect(verdict("modules/bhi/service.ts", "../data/repo")).toBe("another module's private file");
    expect(verdict("modules/aml/cases/service.ts", "../../fraud/cases/repo")).toBe(
      "another module's private file",
    );
    expect(verdict("modules/fraud/routes/list-cases.ts", "../../../db/shard/aml")).toBe(
      "routes may not import db",
    );
    expect(verdict("modules/fraud/service.ts", "../../db/shard/aml")).toBe(
      "other may not import others-tables",
    );
    expect(verdict("modules/fraud/service.ts", "../../db/shard")).toBe("other may not import others-tables");
    expect(verdict("modules/fraud/schemas.ts", "../../db/shard/fraud")).toBe("schemas may not import tables");
    expect(verdict("modules/fraud/routes/get-case.ts", "../repo")).toBe("routes may not import repo");
    expect(verdict("modules/fraud/service.ts", "../../http/errors")).toBe("other may not import http");
    expect(verdict("modules/fraud/service.ts", "../../db/system-db")).toBe("other may not import system-db");
    expect(verdict("http/errors.ts", "../modules/fraud/service")).toBe("http may not import modules");
    expect(verdict("http/middleware/auth.ts", "../../modules/admin/keys/service")).toBe("HTTP_EXCEPTIONS");
  });

  it("allows what the rules allow", () => {
    expect(verdict("modules/fraud/domain/score.ts", "zod")).toBe("allowed");
    expect(verdict("modules/fraud/domain/score.ts", "../../aml/domain/rules")).toBe("allowed");
    expect(verdict("modules/bhi/service.ts", "../data/read-model")).toBe("allowed");
    expect(verdict("modules/bhi/service.ts", "../aml/cases/service")).toBe("allowed");
    expect(verdict("modules/fraud/service.ts", "../../db/shard/fraud")).toBe("allowed");
    expect(verdict("modules/data/flows/service.ts", "../../../db/shard/transaction-flows")).toBe("allowed");
    expect(verdict("modules/fraud/system-repo.ts", "../../db/system-db")).toBe("allowed");
    expect(verdict("modules/fraud/routes/get-case.ts", "../../../http/openapi")).toBe("allowed");
    expect(verdict("modules/fraud/routes/index.ts", "../../cases/routes")).toBe("allowed");
    expect(verdict("modules/admin/reseal/service.ts", "../../aml/cases/system-repo")).toBe("allowed");
    expect(verdict("http/middleware/auth.ts", "../../modules/admin/verification/service")).toBe("allowed");
    expect(verdict("http/context.ts", "../modules/audit/service")).toBe("allowed");
    expect(verdict("jobs/registry.ts", "../modules/fraud/jobs")).toBe("allowed");
  });

  it("resolves a path however it is spelled", () => {
    // Out of modules/ and back in: still another module's repo.
    expect(verdict("modules/bhi/service.ts", "../../modules/data/repo")).toBe(
      "another module's private file",
    );
    expect(verdict("modules/bhi/service.ts", "../data/repo.ts")).toBe("another module's private file");
    // The module's own files, named through modules/: its own.
    expect(verdict("modules/bhi/service.ts", "../bhi/repo")).toBe("allowed");
  });

  it("lets a responses.ts be loaded only by import(), its types by anyone", () => {
    const responses = (file, specifier, how) => refusal(file, specifier, how)?.rule ?? "allowed";
    const refused = "responses are loaded with import()";
    expect(responses("modules/fraud/routes/get-case.ts", "../responses")).toBe(refused);
    expect(responses("modules/fraud/service.ts", "./responses")).toBe(refused);
    expect(responses("modules/monitoring/schemas.ts", "../fraud/responses")).toBe(refused);
    expect(responses("app.ts", "./modules/fraud/responses")).toBe(refused);
    expect(responses("modules/fraud/routes/get-case.ts", "../responses", { dynamic: true })).toBe("allowed");
    expect(responses("modules/fraud/present.ts", "./responses", { typeOnly: true })).toBe("allowed");
    expect(responses("modules/monitoring/responses.ts", "../fraud/responses")).toBe("allowed");
    expect(responses("modules/fraud/responses.test.ts", "./responses")).toBe("allowed");
    expect(
      checkFile(
        "modules/fraud/routes/get-case.ts",
        'const r = async () => (await import("../responses")).X;',
      ),
    ).toEqual([]);
  });

  it("gives a file the role of its folder first, then of its name", () => {
    expect(roleOf("modules/aml/cases/domain/schemas.ts")).toBe("domain");
    expect(roleOf("modules/aml/routes/system-repo.ts")).toBe("routes");
    expect(roleOf("modules/aml/cases/schemas.ts")).toBe("schemas");
    expect(roleOf("modules/aml/cases/responses.ts")).toBe("responses");
    expect(roleOf("modules/aml/cases/system-repo.ts")).toBe("system-repo");
    expect(roleOf("modules/aml/cases/service.ts")).toBe("other");
  });

  it("reads every kind of import, with its line", () => {
    const text = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      'export { c } from "./c";',
      'import "./d";',
      'const e = await import("./e");',
      'type F = import("./f").F;',
      '// import { g } from "./g";',
      'const h = "import { h } from \\"./h\\"";',
    ].join("\n");
    const plain = { typeOnly: false, dynamic: false };
    expect(importsOf("x.ts", text)).toEqual([
      { specifier: "./a", line: 1, ...plain },
      { specifier: "./b", line: 2, ...plain, typeOnly: true },
      { specifier: "./c", line: 3, ...plain },
      { specifier: "./d", line: 4, ...plain },
      { specifier: "./e", line: 5, ...plain, dynamic: true },
      { specifier: "./f", line: 6, ...plain, typeOnly: true },
    ]);
    expect(importsOf("x.ts", 'import { type A, type B } from "./a";\nexport type { C } from "./c";')).toEqual(
      [
        { specifier: "./a", line: 1, ...plain, typeOnly: true },
        { specifier: "./c", line: 2, ...plain, typeOnly: true },
      ],
    );
  });

  it("reports the file, line, import and rule of each refusal", () => {
    const text = 'import { z } from "zod";\nimport { eq } from "drizzle-orm";\n';
    expect(checkFile("modules/fraud/domain/score.ts", text)).toEqual([
      expect.objectContaining({
        file: "modules/fraud/domain/score.ts",
        line: 2,
        specifier: "drizzle-orm",
        rule: "domain may not import infra",
      }),
    ]);
  });
});
