// Writes the layering rules (docs/architecture.md#layers) into biome.json as
// noRestrictedImports overrides. Biome matches import specifiers as written (relative), and
// one override's options replace another's, so the rules are expanded here per folder depth
// and per file role. `node scripts/layering.mjs --check` fails when biome.json is stale.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";

const MAX_DEPTH = 4; // src/modules/<module>/a/b/c/file.ts
const LAYERING_TAG = "layering:";

/** Another module's public surface: its (sub-feature) service, schemas, read model and pure domain. */
const PUBLIC = [
  "*/service",
  "*/*/service",
  "*/schemas",
  "*/*/schemas",
  "*/domain/**",
  "*/present",
  "*/read-model",
];

/**
 * Table ownership (docs/architecture.md#tables-and-their-owners): the drizzle schema files in
 * src/db/shard/ and the module that alone imports each. Another module reads a table through
 * the owner's read-model.ts or asks its service.
 */
/** Modules own src/db/shard/<module>.ts; these own more (or a file named otherwise). */
const EXTRA_SHARD_SCHEMAS = { data: ["transaction-flows"] };
const SHARD_SCHEMA_OWNERS = Object.fromEntries(
  readdirSync(new URL("../src/modules/", import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => [name, [name, ...(EXTRA_SHARD_SCHEMAS[name] ?? [])]])
    .filter(
      ([name]) =>
        existsSync(new URL(`../src/db/shard/${name}.ts`, import.meta.url)) || EXTRA_SHARD_SCHEMAS[name],
    ),
);

/** src/http/ files that may reach modules, and what: where a request meets an identity. */
const HTTP_EXCEPTIONS = {
  files: [
    "src/http/middleware/auth.ts",
    "src/http/context.ts",
    "src/http/middleware/cors.ts",
    "src/http/middleware/idempotency.ts",
    "src/http/route-conventions.ts",
  ],
  allowed: [
    "admin/verification/service",
    "admin/operators/service",
    "audit/service",
    "admin/origins/service",
    "idempotency/service",
    "idempotency/domain/keys",
  ],
};
/** Reached across modules by name, each with a reason in docs/architecture.md#layers. */
const CROSS_MODULE_EXCEPTIONS = [
  "aml/cases/system-repo", // operator reseal re-anchors AML case heads on every shard
  "fraud/cases/system-repo", // same, fraud cases
  "webhooks/secrets/system-repo", // operator reseal re-seals webhook secrets
  "audit/routes", // the audit routes are mounted by the app and the admin router
  "case-work/routes", // the case actions both kinds share, registered by the fraud and AML routers
];

const msg = {
  http: "Layering: only a module's routes/ and schemas.ts import src/http/ (the HTTP layer). Shared code lives in src/lib/.",
  crossModule: `Layering: another module is reached only through its service.ts, schemas.ts, present.ts or pure domain/ (named exceptions: ${CROSS_MODULE_EXCEPTIONS.join(", ")}).`,
  repo: "Layering: only a module's services, jobs and runners read and write through repo.ts.",
  db: "Layering: routes/ and domain/ do not touch src/db/; the service does.",
  domainInfra:
    "Layering: domain/ is pure logic, unit-tested in Node: no Hono, Drizzle or Cloudflare imports.",
  domainService: "Layering: domain/ does not call services (they reach the database); pass data in.",
  systemDb:
    "Tenancy: the raw shard client (src/db/system-db) is for system-repo.ts files only; modules use the TenantDb on their scope (docs/architecture.md#tenancy-and-shards).",
  shardSchema:
    "Layering: a module imports only its own schema file src/db/shard/<module>.ts; another module's tables are read through its read-model.ts or its service.",
  httpModules:
    "Layering: src/http/ does not import modules; the one exception is the auth middleware and the request context (docs/architecture.md#layers).",
  httpAuth: `Layering: the auth, CORS and idempotency middleware and the request context may reach only ${HTTP_EXCEPTIONS.allowed.join(", ")}.`,
};

const shardSchemaRule = (own = []) =>
  rule(["**/db/shard", "**/db/shard/**", ...own.map((file) => `!**/db/shard/${file}`)], msg.shardSchema);

const up = (depth) => "../".repeat(depth);
const rule = (group, message) => ({ group, message: `${LAYERING_TAG} ${message}` });

function crossModule(depth) {
  const u = up(depth);
  return rule(
    [
      `${u}*/**`,
      `!${u}../**`,
      ...PUBLIC.map((p) => `!${u}${p}`),
      ...CROSS_MODULE_EXCEPTIONS.map((p) => `!${u}${p}`),
    ],
    msg.crossModule,
  );
}

const systemDb = () => rule(["**/db/system-db"], msg.systemDb);

const ROLE_RULES = {
  other: (own) => [rule(["**/http/**"], msg.http), shardSchemaRule(own), systemDb()],
  "system-repo": (own) => [rule(["**/http/**"], msg.http), shardSchemaRule(own)],
  schemas: () => [shardSchemaRule(), systemDb()],
  routes: () => [rule(["**/repo", "**/system-repo"], msg.repo), rule(["**/db/**"], msg.db)],
  domain: () => [
    rule(["hono", "hono/**", "@hono/**", "drizzle-orm", "drizzle-orm/**", "cloudflare:*"], msg.domainInfra),
    rule(["**/http/**"], msg.http),
    rule(["**/repo", "**/system-repo"], msg.repo),
    rule(["**/service"], msg.domainService),
    rule(["**/db/**"], msg.db),
  ],
};

/** Globs of files `depth` folders below src/modules/ (of `module`, or any) whose path has `role` in it. */
function globs(depth, role, module = "*") {
  const dirs = depth - 1; // folders between the module folder and the file
  const at = (segments) => `src/modules/${module}/${segments.map((s) => `${s}/`).join("")}*.ts`;
  const star = Array(dirs).fill("*");
  if (role === "other") return [at(star)];
  if (role === "schemas") return [`src/modules/${module}/${star.map((s) => `${s}/`).join("")}schemas.ts`];
  if (role === "system-repo")
    return [`src/modules/${module}/${star.map((s) => `${s}/`).join("")}system-repo.ts`];
  // routes/ or domain/ at any folder position (deeper folders under them included)
  const out = [];
  for (let i = 0; i < dirs; i++) out.push(at(star.map((s, j) => (j === i ? role : s))));
  return out;
}

const restrict = (includes, patterns) => ({
  includes,
  linter: { rules: { style: { noRestrictedImports: { level: "error", options: { patterns } } } } },
});

function overrides() {
  const list = [
    restrict(["src/http/**"], [rule(["**/modules/**"], msg.httpModules)]),
    restrict(HTTP_EXCEPTIONS.files, [
      rule(["**/modules/**", ...HTTP_EXCEPTIONS.allowed.map((p) => `!**/modules/${p}`)], msg.httpAuth),
    ]),
  ];
  for (let depth = 1; depth <= MAX_DEPTH; depth++) {
    // system-repo after other: the later override's options replace the earlier one's.
    for (const role of ["other", "system-repo", "schemas", "routes", "domain"]) {
      const includes = globs(depth, role);
      if (includes.length === 0) continue;
      list.push(restrict(includes, [...ROLE_RULES[role](), crossModule(depth)]));
      // The owner of a shard schema file may import it: the same rules, one more exception.
      // Before schemas/routes/domain of this depth, so theirs still win (the last match applies).
      if (role !== "other" && role !== "system-repo") continue;
      for (const [module, own] of Object.entries(SHARD_SCHEMA_OWNERS))
        list.push(restrict(globs(depth, role, module), [...ROLE_RULES[role](own), crossModule(depth)]));
    }
  }
  return list;
}

const isLayering = (o) => {
  const text = JSON.stringify(o.linter?.rules?.style?.noRestrictedImports ?? {});
  return text.includes(LAYERING_TAG) || text.includes("Layering:");
};

const path = new URL("../biome.json", import.meta.url);
const current = readFileSync(path, "utf8");
const config = JSON.parse(current);
config.overrides = [...config.overrides.filter((o) => !isLayering(o)), ...overrides()];
const next = `${JSON.stringify(config, null, 2)}\n`;
if (process.argv.includes("--check")) {
  if (JSON.parse(current) && JSON.stringify(JSON.parse(current)) !== JSON.stringify(JSON.parse(next))) {
    console.error("biome.json layering rules are stale: run `node scripts/layering.mjs`");
    process.exit(1);
  }
} else writeFileSync(path, next);
