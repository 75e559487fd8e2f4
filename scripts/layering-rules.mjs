// The layering rules of src/ (docs/architecture.md#layers), stated once. scripts/layering.mjs
// checks every import under src/ against them; `npm run lint` runs it after Biome.
// Paths are relative to src/ and written without extension; `*` is one path segment, `**` any
// number of them. A relative import is resolved first, so `../../db/shard` is `db/shard`.

/**
 * A file under modules/<module>/ may import anything but these KINDS. Its role is the first that
 * applies: it sits in a domain/ folder, in a routes/ folder, it is named schemas.ts (or
 * responses.ts), it is named system-repo.ts; else it is "other" (service, repo, jobs, present,
 * runner, ...). Whatever its role, a file imports a responses.ts's values only by import() (or
 * is itself a responses.ts): scripts/layering.mjs, responsesRefusal.
 */
export const MAY_NOT_IMPORT = {
  domain: ["infra", "http", "repo", "service", "db"],
  routes: ["repo", "db"],
  schemas: ["tables", "system-db"],
  responses: ["tables", "system-db"],
  "system-repo": ["http", "others-tables"],
  other: ["http", "others-tables", "system-db"],
};

/** Another module is reached only through these files of it (paths inside the module)... */
export const PUBLIC = [
  "service",
  "*/service",
  "schemas",
  "*/schemas",
  "responses",
  "*/responses",
  "domain/**",
  "present",
  "read-model",
];

/** ...and these (paths inside modules/), each with its reason in docs/architecture.md#layers. */
export const CROSS_MODULE_EXCEPTIONS = [
  "aml/cases/system-repo",
  "fraud/cases/system-repo",
  "webhooks/secrets/system-repo",
  "audit/routes",
  "cases/routes",
];

/** src/http/ imports no module but in these files, and there only these (paths inside modules/). */
export const HTTP_EXCEPTIONS = {
  files: [
    "http/middleware/auth.ts",
    "http/context.ts",
    "http/middleware/cors.ts",
    "http/middleware/idempotency.ts",
    "http/route-conventions.ts",
  ],
  mayImport: [
    "admin/verification/service",
    "users/service",
    "admin/operators/service",
    "audit/service",
    "admin/origins/service",
    "idempotency/service",
    "idempotency/domain/keys",
  ],
};

/** A module owns the shard tables of db/shard/<module>.ts and, for these, of more files. */
export const ALSO_OWNS = { data: ["db/shard/transaction-flows"] };

const TABLES =
  "a module imports only its own schema file db/shard/<module>.ts; another module's tables are read through its read-model.ts or its service";

/** What an import is (the packages it names or the paths it resolves to), and why it is refused. */
export const KINDS = {
  infra: {
    packages: ["hono", "hono/**", "@hono/**", "drizzle-orm", "drizzle-orm/**", "cloudflare:*"],
    why: "domain/ is pure logic, unit-tested in Node: no Hono, Drizzle or Cloudflare imports",
  },
  http: {
    paths: ["http/**"],
    why: "only a module's routes/ and schemas.ts import src/http/ (the HTTP layer); shared code lives in src/lib/",
  },
  repo: {
    paths: ["**/repo", "**/system-repo"],
    why: "only a module's services, jobs and runners read and write through repo.ts",
  },
  service: {
    paths: ["**/service"],
    why: "domain/ does not call services (they reach the database); pass data in",
  },
  db: { paths: ["db/**"], why: "routes/ and domain/ do not touch src/db/; the service does" },
  "system-db": {
    paths: ["db/system-db"],
    why: "the raw shard client is for system-repo.ts files only; modules use the TenantDb on their scope (docs/architecture.md#tenancy-and-shards)",
  },
  tables: { paths: ["db/shard", "db/shard/**"], why: TABLES },
  /** A shard schema file the importing module does not own. */
  "others-tables": { paths: ["db/shard", "db/shard/**"], exceptOwn: true, why: TABLES },
};
