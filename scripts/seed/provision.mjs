// Demo tenants for `npm start`, provisioned through the operator API and seeded through the
// public ingest API, exactly as an operator and a client would. Idempotent: existing tenants
// and data are kept; a partial seed is completed (ingestion upserts by external id).
// Screening: a tenant being seeded has monitoring.onArrival off (its own setting, as any tenant
// may set it), so 160,000 transactions do not start a screening per ingest request while more
// arrive; once seeded it is turned on again and one portfolio run screens every seeded entity on
// the queue (POST /v1/monitoring/runs), while the keys are printed (docs/decisions/local-start.md).
import { readKeyFile, writeFileAtomic } from "../lib/files.mjs";
import { generateAgents, generateBusinesses, merge } from "./generate.mjs";
import { generateLoans, LOAN_STORIES } from "./loans.mjs";

const SOURCE = "demo-core";
const BATCH = 1000;

export const DEMO_TENANTS = [
  {
    name: "Demo: Accra SME Lender",
    shard: 0,
    features: { agentNetwork: false },
    data: (now) => generateBusinesses({ seed: 11, count: 220, source: SOURCE, now, prefix: "ACC" }),
    // The demo lender's book: one loan each for the first 60 customers (scripts/seed/loans.mjs).
    loans: (data, now) =>
      generateLoans({ seed: 44, customers: data.customers, source: SOURCE, now, prefix: "ACC" }),
  },
  {
    name: "Demo: Kumasi Mobile Money",
    shard: 1,
    features: { agentNetwork: true },
    data: (now) =>
      merge(
        generateBusinesses({ seed: 22, count: 120, source: SOURCE, now, prefix: "KSI" }),
        generateAgents({ seed: 33, count: 80, source: SOURCE, now, prefix: "KSI" }),
      ),
  },
];

async function request(base, token, method, path, body, retries = 2) {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  // wrangler dev reloads its runtime now and then and answers 503 to what was in flight; the
  // ingest upserts by external id, so sending the batch again is safe.
  if (res.status === 503 && retries > 0 && text.includes("restarted mid-request")) {
    await new Promise((r) => setTimeout(r, 2000));
    return request(base, token, method, path, body, retries - 1);
  }
  let json;
  try {
    json = JSON.parse(text);
  } catch {
    json = { raw: text };
  }
  return { status: res.status, body: json };
}

function progress(label, done, total) {
  const width = 30;
  const filled = Math.round((done / Math.max(1, total)) * width);
  process.stdout.write(
    `\r  ${label.padEnd(13)} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${done}/${total}`,
  );
  if (done >= total) process.stdout.write("\n");
}

/** Posts one chunk, again on a 503 (ingest upserts by external id, so a resend is safe). */
async function ingestChunk(base, key, resource, chunk, first) {
  let res = await request(base, key, "POST", `/v1/ingest/${resource}`, chunk);
  // wrangler dev restarts workerd under memory pressure ("Your worker restarted mid-request").
  for (let retry = 1; res.status === 503 && retry <= 3; retry++) {
    await new Promise((r) => setTimeout(r, 1000 * retry));
    res = await request(base, key, "POST", `/v1/ingest/${resource}`, chunk);
  }
  if (res.status === 404 && first && res.body?.error?.message?.startsWith("No route")) {
    throw new Error("this build has no ingest endpoint yet (POST /v1/ingest/:resource)");
  }
  if (res.status >= 300)
    throw new Error(`ingest ${resource} answered ${res.status}: ${JSON.stringify(res.body).slice(0, 300)}`);
  const errors = res.body.errors ?? [];
  if (errors.length)
    console.warn(`\n  ${errors.length} ${resource} rejected, e.g. ${JSON.stringify(errors[0])}`);
  return errors.length;
}

async function ingestAll(base, key, data, resources = ["customers", "agents", "accounts", "transactions"]) {
  let rejected = 0;
  for (const resource of resources) {
    const records = data[resource];
    if (!records?.length) continue;
    progress(resource, 0, records.length);
    let done = 0;
    // Transactions: two requests in flight (the next chunk is parsed and validated while one is
    // written). Loan repayments stay one at a time: they are allocated in order.
    const inFlight = resource === "transactions" ? 2 : 1;
    const chunks = [];
    for (let i = 0; i < records.length; i += BATCH) chunks.push(records.slice(i, i + BATCH));
    const worker = async () => {
      for (let chunk = chunks.shift(); chunk; chunk = chunks.shift()) {
        rejected += await ingestChunk(base, key, resource, chunk, done === 0);
        done += chunk.length;
        progress(resource, done, records.length);
      }
    };
    await Promise.all(Array.from({ length: inFlight }, worker));
  }
  return rejected;
}

const total = async (base, key, path) =>
  (await request(base, key, "GET", `${path}?limit=1`)).body?.pagination?.total ?? 0;

/** Loans, then their repayments (ingest allocates them), unless the book is already there. */
async function seedLoans(base, key, demo, book) {
  const loans = await total(base, key, "/v1/loans");
  if (loans >= book.loans.length) {
    console.log(`"${demo.name}" already holds ${loans} loans.`);
    return;
  }
  const stories = Object.entries(LOAN_STORIES)
    .map(([s, n]) => `${n} ${s}`)
    .join(", ");
  console.log(`Seeding the loan book of "${demo.name}" (${stories}):`);
  const t0 = performance.now();
  const rejected = await ingestAll(base, key, { loans: book.loans, "loan-repayments": book.repayments }, [
    "loans",
    "loan-repayments",
  ]);
  if (rejected) console.warn(`  ${rejected} loan records were rejected (see above).`);
  console.log(
    `  ${book.loans.length} loans and ${book.repayments.length} repayments in ${((performance.now() - t0) / 1000).toFixed(1)} s.`,
  );
}

/** Turns screening on arrival on or off for the tenant (its monitoring setting). */
async function screenOnArrival(base, key, onArrival) {
  const res = await request(base, key, "PUT", "/v1/monitoring/settings", { onArrival });
  if (res.status !== 200)
    throw new Error(`monitoring settings answered ${res.status}: ${JSON.stringify(res.body)}`);
}

/**
 * Screening on again, and one portfolio run over what the seed queued (it goes on in the
 * background); a run already in progress (409) covers it too.
 */
async function startScreening(base, key) {
  await screenOnArrival(base, key, true);
  const run = await request(base, key, "POST", "/v1/monitoring/runs", {});
  if (run.status !== 202 && run.status !== 409)
    throw new Error(`monitoring run answered ${run.status}: ${JSON.stringify(run.body)}`);
}

/** `timed(label, fn)` runs fn and records how long it took (printed by scripts/start.mjs). */
export async function provisionDemo({ base, adminToken, keyFile, timed = (_label, fn) => fn() }) {
  const { keys, problem } = readKeyFile(keyFile);
  if (problem)
    console.log(`${keyFile} could not be read (${problem}): new keys are made for the demo tenants.`);
  const listed = await request(base, adminToken, "GET", "/admin/tenants?limit=500");
  if (listed.status !== 200)
    throw new Error(`admin API answered ${listed.status}: is ADMIN_TOKEN in .dev.vars right?`);
  const result = [];
  for (const demo of DEMO_TENANTS) {
    let tenant = listed.body.data.find((t) => t.name === demo.name);
    const created = !tenant;
    if (!tenant) {
      const res = await request(base, adminToken, "POST", "/admin/tenants", {
        name: demo.name,
        shard: demo.shard,
        features: demo.features,
        settings: { monitoring: { onArrival: false } }, // on again once seeded (startScreening)
      });
      if (res.status !== 201)
        throw new Error(`creating ${demo.name}: ${res.status} ${JSON.stringify(res.body)}`);
      tenant = res.body.tenant;
      keys[tenant.id] = res.body.apiKey.key;
      console.log(`Created tenant "${demo.name}" on shard ${tenant.shard}.`);
    }
    let key = keys[tenant.id];
    if (!key || (await request(base, key, "GET", "/v1/customers?limit=1")).status !== 200) {
      const created = await request(base, adminToken, "POST", `/admin/tenants/${tenant.id}/keys`, {
        name: "demo",
        scopes: ["*"],
      });
      key = created.body.apiKey.key;
      keys[tenant.id] = key;
    }
    writeFileAtomic(keyFile, `${JSON.stringify(keys, null, 2)}\n`);

    const data = demo.data(new Date());
    const [customers, transactions] = [
      await total(base, key, "/v1/customers"),
      await total(base, key, "/v1/transactions"),
    ];
    const short = demo.name.replace(/^Demo: (\S+).*/, "$1");
    const book = demo.loans?.(data, new Date());
    const seeded =
      customers >= data.customers.length &&
      transactions >= data.transactions.length &&
      (!book || (await total(base, key, "/v1/loans")) >= book.loans.length);
    if (seeded) {
      console.log(`"${demo.name}" already holds ${customers} customers and ${transactions} transactions.`);
      result.push({ ...tenant, key, agentNetwork: demo.features.agentNetwork });
      continue;
    }
    if (!created) await screenOnArrival(base, key, false); // a partial seed of an earlier start
    if (customers < data.customers.length || transactions < data.transactions.length) {
      const stories = Object.entries(data.stories)
        .map(([s, n]) => `${n} ${s}`)
        .join(", ");
      console.log(`Seeding "${demo.name}" through the ingest API (${stories}):`);
      const rejected = await timed(`${short} ingest`, () => ingestAll(base, key, data));
      if (rejected) console.warn(`  ${rejected} records were rejected (see above).`);
      const bhi = await timed(`${short} BHI`, () =>
        request(base, key, "POST", "/v1/bhi/calculate-from-db", {}),
      );
      if (bhi.status < 300) console.log("  Business Health Index calculated for every customer.");
    }
    if (book) await timed(`${short} loans`, () => seedLoans(base, key, demo, book));
    await startScreening(base, key);
    console.log(
      `  Screening every seeded entity in one portfolio run on the queue (GET /v1/monitoring/runs).`,
    );
    result.push({ ...tenant, key, agentNetwork: demo.features.agentNetwork });
  }
  return result;
}
