import { env, exports } from "cloudflare:workers";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import document from "../../openapi.json";
import { systemShardBinding } from "../../src/db/system-db";
import { TEST_ADMIN_TOKEN } from "../constants";
import { assertMatchesContract } from "../contract";
import { createTenant, type TestTenant } from "../harness";
import type { OpenApiDocument } from "./arbitraries";
import { BUSY_PROBES, DELAYED_RESCREENS_SQL } from "./background";
import { mutations } from "./mutations";
import { type FuzzRequest, type IdPools, type Operation, operationsOf, render, validParts } from "./requests";
import { backgroundWorkSettled, diff, settledSnapshot } from "./snapshot";
import { type FuzzTenant, seedTenant } from "./tenants";

/**
 * Property-based fuzzing of every operation in openapi.json (docs/decisions/contract-testing.md).
 * FUZZ_RUNS requests per family (valid-shaped, invalid) per operation; FUZZ_SEED fixes the run.
 * `npm test` runs the smallest budget (one request per family and operation), `npm run fuzz` rounds
 * of eight with their own seeds.
 */

const doc = document as unknown as OpenApiDocument;
const RUNS = Number(env.FUZZ_RUNS || 1);
const SEED = Number(env.FUZZ_SEED || 20261124);

/** Costly operations (whole-portfolio work, PDF rendering, outbound calls) get a tenth of the budget. */
const EXPENSIVE = new Set([
  "POST /v1/kyc-aml/backtest",
  "POST /v1/agent-health/portfolio/refresh",
  "POST /v1/bhi/calculate-from-db",
  "POST /v1/sync/{connectorType}",
  "GET /v1/reports/bhi/{customerId}",
  "POST /admin/secrets/reseal",
]);

/**
 * Defects the fuzzer finds that another change of issue 12 fixes (numeric maxima: the constraints
 * work). Skipped until that change is merged, then removed from this list; FUZZ_ALL=1 runs them.
 */
const OPEN_ELSEWHERE: Record<string, string> = {};

const operations = operationsOf(doc);
const name = (op: Operation) => `${op.method} ${op.template}`;
const runsFor = (op: Operation) => (EXPENSIVE.has(name(op)) ? Math.max(1, Math.ceil(RUNS / 10)) : RUNS);

/** A seed per operation and family, so `-t` on one operation replays the same requests. */
function seedFor(key: string): number {
  let hash = SEED | 0;
  for (const ch of key) hash = Math.imul(hash ^ ch.charCodeAt(0), 16777619);
  return hash | 0;
}

let owner: FuzzTenant;
let other: FuzzTenant;
let operatorTarget: TestTenant;
let requestsSent = 0;

beforeAll(async () => {
  // No screening on arrival: its queue consumer writes in the background, inside the window in
  // which a refused request is checked for having written nothing.
  const settings = { monitoring: { onArrival: false } };
  const [a, b] = await Promise.all([
    createTenant({ name: "Fuzz owner", shard: 0, features: { agentNetwork: true }, settings }),
    createTenant({ name: "Fuzz other", shard: 0, settings }),
  ]);
  operatorTarget = await createTenant({ name: "Fuzz operator target", shard: 1 });
  const templates = operations.map((op) => op.template);
  owner = await seedTenant(a, templates);
  other = await seedTenant(b, templates);
  // The fixtures publish rule-set versions: their rescreens run now, not a minute into the fuzzing.
  await Promise.all([owner, other].map((t) => rescreenNow(t.tenant)));
}, 120_000);

/**
 * Starts the rescreens the tenant's rule-set publications queued for a minute later
 * (./background.ts) and waits them out, so none lands inside a later request's write check.
 */
async function rescreenNow(tenant: TestTenant): Promise<void> {
  const { results } = await systemShardBinding(env, tenant.shard)
    .prepare(DELAYED_RESCREENS_SQL)
    .bind(tenant.id)
    .all<{ kind: string }>();
  if (!results.length) return;
  await Promise.all(
    results.map(async ({ kind }) => {
      const res = await (exports as unknown as { default: Fetcher }).default.fetch(
        new Request("http://localhost/v1/monitoring/rescreens", {
          method: "POST",
          headers: { authorization: `Bearer ${tenant.key}`, "content-type": "application/json" },
          body: JSON.stringify({ kind }),
        }),
      );
      if (res.status !== 202) throw new Error(`rescreen ${kind}: ${res.status} ${await res.text()}`);
    }),
  );
  await backgroundWorkSettled({ shard: tenant.shard, tenantId: tenant.id }, BUSY_PROBES);
}

interface Sent {
  sender: "owner" | "other";
  request: FuzzRequest;
}

function poolsFor(op: Operation, sender: FuzzTenant, foreign: FuzzTenant): IdPools {
  if (op.admin) return { own: { tenantId: [operatorTarget.id], keyId: [operatorTarget.keyId] }, foreign: {} };
  // Parameters the document marks as naming no tenant object have no "foreign" values.
  const foreignIds = Object.fromEntries(
    Object.entries(foreign.idsFor(op.template)).filter(([name]) => !op.notTenantObjects.includes(name)),
  );
  return { own: sender.idsFor(op.template), foreign: foreignIds };
}

function requests(op: Operation, family: "valid" | "invalid"): fc.Arbitrary<Sent> {
  const bySender = (sender: "owner" | "other") => {
    const [self, foreign] = sender === "owner" ? [owner, other] : [other, owner];
    const ids = poolsFor(op, self, foreign);
    const parts = validParts(doc, op, ids);
    const request =
      family === "valid"
        ? parts.map((p) => render(op, p, `valid-shaped, as the ${sender} tenant`))
        : parts.chain((p) => mutations(op, p, ids));
    return request.map((r) => ({ sender, request: r }));
  };
  return op.admin
    ? bySender("owner")
    : fc.oneof({ arbitrary: bySender("owner"), weight: 3 }, bySender("other"));
}

async function send(op: Operation, { sender, request }: Sent) {
  const tenant = sender === "owner" ? owner.tenant : other.tenant;
  const target = op.admin ? "control" : { shard: tenant.shard, tenantId: tenant.id };
  const writes = op.method !== "GET";
  const before = writes ? await settledSnapshot(target) : {};
  const headers = { ...request.headers, authorization: `Bearer ${op.admin ? TEST_ADMIN_TOKEN : tenant.key}` };
  const res = await (exports as unknown as { default: Fetcher }).default.fetch(
    new Request(`http://localhost${request.url}`, { method: request.method, headers, body: request.body }),
  );
  requestsSent++;
  // A publication's rescreen would start a minute later, in the middle of other requests' checks.
  if (writes && res.status < 300 && !op.admin) await rescreenNow(tenant);
  // A 202 started work on the queue: let it finish before the next request's write check,
  // which it would otherwise cross.
  if (res.status === 202 && !op.admin)
    await backgroundWorkSettled({ shard: tenant.shard, tenantId: tenant.id }, BUSY_PROBES);
  const text = await res.clone().text();
  const fail = (why: string) => {
    throw new Error(
      `${why}\n${request.label}\n-> ${res.status} ${text.slice(0, 400)}\n${request.toString()}`,
    );
  };
  // 501 is the designed answer of a feature the tenant lacks (agentNetwork), where declared.
  if (res.status >= 500 && !(res.status === 501 && op.declares(501))) fail(`${res.status}: never a 5xx`);
  await assertMatchesContract(request.method, request.url, res).catch((e: Error) => fail(e.message));
  // GraphQL answers its own errors in the GraphQL shape (declared; the contract check covers it).
  if (res.status >= 400 && op.errorEnvelope(res.status)) {
    const body = (() => {
      try {
        return JSON.parse(text);
      } catch {
        return undefined;
      }
    })();
    const envelope =
      body?.success === false &&
      typeof body.error?.code === "string" &&
      typeof body.error?.message === "string" &&
      typeof body.requestId === "string";
    if (!envelope) fail("an error must be the error envelope");
    if (writes) {
      const changed = diff(before, await settledSnapshot(target));
      if (changed.length) fail(`a ${res.status} wrote:\n  ${changed.join("\n  ")}`);
    }
  }
  if (request.label.startsWith("foreign") && res.status < 400)
    fail("another tenant's object must not be reachable");
}

describe.each(["valid", "invalid"] as const)("fuzz: %s requests", (family) => {
  const open = (op: Operation) => !env.FUZZ_ALL && Boolean(OPEN_ELSEWHERE[`${family} ${name(op)}`]);
  it.each(operations.map((op) => [name(op), op] as const))(
    "%s",
    async (label, op) => {
      if (open(op))
        return console.warn(`fuzz: skipped ${family} ${label}: ${OPEN_ELSEWHERE[`${family} ${label}`]}`);
      const seed = seedFor(`${family} ${label}`);
      try {
        await fc.assert(
          fc.asyncProperty(requests(op, family), (sent) => send(op, sent)),
          { seed, numRuns: runsFor(op), endOnFailure: true },
        );
      } catch (error) {
        throw new Error(
          `Replay: FUZZ_SEED=${SEED} FUZZ_RUNS=${RUNS} npx vitest run test/fuzz -t "${family} requests ${label}"\n${(error as Error).message}\n${((error as Error).cause as Error | undefined)?.message ?? ""}`,
        );
      }
    },
    120_000,
  );
});

describe("fuzz budget", () => {
  it("covered every operation", () => {
    expect(operations.length).toBeGreaterThan(80);
    console.info(
      `fuzz: ${operations.length} operations, ${requestsSent} requests, seed ${SEED}, runs ${RUNS}`,
    );
  });
});
