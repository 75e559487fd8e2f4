import { env } from "cloudflare:workers";
import { bhiJobs, goamlReports, sanctionsCases, webhookDeliveries } from "../../src/db/shard";
import { systemShardDb } from "../../src/db/system-db";
import { calculate, seedHealthyCustomer } from "../bhi/seed";
import { KYC_SUBJECT } from "../goaml/demo";
import { setUpGoaml, storedCtrReport } from "../goaml/helpers";
import {
  admin,
  call,
  createKey,
  insertAccount,
  insertAgent,
  insertCustomer,
  insertTransactions,
  json,
  type TestTenant,
} from "../harness";
import { insertAlert } from "../monitoring/alert-fixtures";
import { seedSteadySme } from "../sme/seed";
import { backtestRange, fraudCaseBody } from "./bodies";
import { caseLink, linkTargetAlert } from "./link-fixtures";

/** An open sanctions case of the owner, stored as a screening would store it. */
async function sanctionsCaseFor(owner: TestTenant): Promise<string> {
  const id = crypto.randomUUID();
  const at = new Date().toISOString();
  await systemShardDb(env, owner.shard)
    .insert(sanctionsCases)
    .values({
      id,
      tenantId: owner.id,
      subjectType: "customer",
      subjectId: crypto.randomUUID(),
      subjectName: "Security Fixture Name",
      listId: "security-list",
      entryRef: "SEC-1",
      entryHash: "0".repeat(32),
      matchedName: "Security Fixture Name",
      score: 1,
      hit: { matchedFields: ["name"] },
      source: "customer",
      state: "potential_match",
      createdAt: at,
      updatedAt: at,
    });
  return id;
}

/** A loan of the owner, ingested the way users send one (customer first). */
async function loanOf(owner: TestTenant): Promise<{ loanId: string }> {
  const customer = await insertCustomer(owner);
  const res = await call("POST", "/v1/ingest/loans", {
    key: owner.key,
    body: [
      {
        externalId: `SEC-${crypto.randomUUID()}`,
        externalSource: "security",
        customerId: customer.id,
        product: "micro",
        principal: "100.00",
        interestRate: "20",
        termCount: 1,
        disbursementDate: "2026-01-01",
        currency: "GHS",
        schedule: [{ dueDate: "2026-02-01", principal: "100.00" }],
      },
    ],
  });
  if (res.status !== 200) throw new Error(`loan fixture: ${res.status}`);
  const list = await call("GET", `/v1/customers/${customer.id}/loans`, { key: owner.key });
  return { loanId: (await json<{ data: { id: string }[] }>(list)).data[0].id };
}

/** A webhook subscription of the owner; its URL refuses connections at once (test sends fail fast). */
async function webhookSubscription(owner: TestTenant): Promise<string> {
  const res = await call("POST", "/v1/webhooks/subscriptions", {
    key: owner.key,
    body: { url: "http://127.0.0.1:9/security-suite", eventTypes: ["*"] },
  });
  return (await json<{ subscription: { id: string } }>(res)).subscription.id;
}

/** A name watchlist of the owner holding one entry (list and entry operations). */
async function listWithEntry(owner: TestTenant): Promise<{ listId: string; entryId: string }> {
  const created = await call("POST", "/v1/lists", {
    key: owner.key,
    body: { name: "Security watchlist", kind: "watchlist", entryType: "name" },
  });
  const listId = (await json<{ list: { listId: string } }>(created)).list.listId;
  const added = await call("POST", `/v1/lists/${listId}/entries`, {
    key: owner.key,
    body: { entries: [{ value: "Security Fixture" }] },
  });
  const entryId = (await json<{ added: { entryId: string }[] }>(added)).added[0].entryId;
  return { listId, entryId };
}

/** A finished (dead) delivery of the owner, so replay answers 202 for the owner. */
async function webhookDelivery(owner: TestTenant): Promise<string> {
  const subscriptionId = await webhookSubscription(owner);
  const id = crypto.randomUUID();
  const now = new Date().toISOString();
  const eventId = crypto.randomUUID();
  await systemShardDb(env, owner.shard)
    .insert(webhookDeliveries)
    .values({
      id,
      tenantId: owner.id,
      subscriptionId,
      eventId,
      eventType: "bhi.calculated",
      eventCreatedAt: now,
      payload: JSON.stringify({
        id: eventId,
        type: "bhi.calculated",
        timestamp: now,
        tenantId: owner.id,
        data: {},
      }),
      status: "dead",
      attemptCount: 6,
      isTest: false,
      createdAt: now,
      updatedAt: now,
    });
  return id;
}

/**
 * How to make, for an owner tenant, the object a templated path names. The security suite
 * asks another tenant for it (must be 404) and the owner (must not be 404). The longest
 * key that prefixes an operation's path wins, so "/v1/bhi/{customerId}" can build a
 * customer with a BHI record while "/v1/customers/{customerId}" builds a bare customer.
 * Every operation with a path parameter needs an entry: the suite fails without one.
 */
export type PathFixture = (owner: TestTenant) => Promise<Record<string, string>>;

/** A published rule-set version of the owner (an empty draft: the defaults). */
async function publishedVersion(owner: TestTenant, kind: "fraud" | "aml") {
  await call("PUT", `/v1/rule-sets/${kind}/draft`, { key: owner.key, body: {} });
  const res = await call("POST", `/v1/rule-sets/${kind}/publish`, {
    key: owner.key,
    body: { reason: "fixture" },
  });
  if (res.status !== 200) throw new Error(`rule-set fixture: ${res.status}`);
  return { version: String((await json<{ version: { version: number } }>(res)).version.version) };
}

/** A customer with a calculated BHI record. */
async function bhiCustomer(owner: TestTenant) {
  const { customer } = await seedHealthyCustomer(owner);
  const res = await calculate(owner, { customerId: customer.id });
  if (res.status !== 200) throw new Error(`bhi fixture: ${res.status}`);
  return { customerId: customer.id! };
}

async function ruleSetBacktest(owner: TestTenant, kind: "fraud" | "aml") {
  await call("PUT", `/v1/rule-sets/${kind}/draft`, { key: owner.key, body: {} });
  const res = await call("POST", `/v1/rule-sets/${kind}/backtest`, {
    key: owner.key,
    body: { ...backtestRange(), async: true },
  });
  if (res.status !== 202) throw new Error(`rule-set backtest fixture: ${res.status}`);
  return { backtestId: (await json<{ backtestId: string }>(res)).backtestId };
}

/** An evidence file on a new case of the owner (the upload takes a raw body and query parameters). */
async function caseFile(owner: TestTenant, base: string, caseId: string) {
  const res = await call("POST", `${base}/${caseId}/${UPLOAD_QUERY}`, {
    key: owner.key,
    body: "evidence",
    headers: { "content-type": "text/plain" },
  });
  if (res.status !== 201) throw new Error(`case file fixture: ${res.status}`);
  return { caseId, fileId: (await json<{ file: { id: string } }>(res)).file.id };
}
const UPLOAD_QUERY = "files?filename=e.txt&actorId=analyst-1";

/** A case queue of the owner. */
async function queueOf(owner: TestTenant): Promise<{ queueId: string }> {
  const res = await call("POST", "/v1/case-queues", {
    key: owner.key,
    body: { name: `security ${crypto.randomUUID()}`, priority: 1 },
  });
  return { queueId: (await json<{ queue: { id: string } }>(res)).queue.id };
}

export const pathFixtures: Record<string, PathFixture> = {
  "/v1/sanctions/cases/{caseId}": async (owner) => ({ caseId: await sanctionsCaseFor(owner) }),
  "/v1/sanctions/cases/{caseId}/decisions": async (owner) => ({ caseId: await sanctionsCaseFor(owner) }),
  "/v1/fraud/cases/{caseId}/files/{fileId}": async (owner) => {
    const res = await call("POST", "/v1/fraud/cases", { key: owner.key, body: fraudCaseBody() });
    return caseFile(owner, "/v1/fraud/cases", (await json<{ case: { id: string } }>(res)).case.id);
  },
  "/v1/kyc-aml/cases/{caseId}/files/{fileId}": async (owner) =>
    caseFile(owner, "/v1/kyc-aml/cases", await amlCaseFor(owner)),
  "/v1/customers/{customerId}": async (owner) => ({ customerId: (await insertCustomer(owner)).id }),
  "/v1/erasures/{erasureId}": async (owner) => {
    const customer = await insertCustomer(owner);
    const res = await call("POST", `/v1/customers/${customer.id}/erasure`, { key: owner.key });
    return { erasureId: (await json<{ erasure: { id: string } }>(res)).erasure.id };
  },
  "/v1/loans/{loanId}": loanOf,
  "/v1/agents/{agentId}": async (owner) => ({ agentId: (await insertAgent(owner)).agentId }),
  "/v1/agent-health/{agentId}": async (owner) => ({ agentId: (await insertAgent(owner)).agentId }),
  "/v1/agents/{agentId}/float-history": async (owner) => ({ agentId: (await insertAgent(owner)).agentId }),
  "/v1/agent-health/float-backtests/{backtestId}": async (owner) => {
    const res = await call("POST", "/v1/agent-health/float-backtests", {
      key: owner.key,
      body: { weeks: 1 },
    });
    // A tenant without the agent network answers every float route 501: any id serves it.
    if (res.status === 501) return { backtestId: crypto.randomUUID() };
    if (res.status !== 200) throw new Error(`float backtest fixture: ${res.status}`);
    return { backtestId: (await json<{ backtestId: string }>(res)).backtestId };
  },
  "/v1/agents/{agentId}/float-reports": async (owner) => ({ agentId: (await insertAgent(owner)).agentId }),
  "/v1/fraud/cases/{caseId}": async (owner) => {
    const res = await call("POST", "/v1/fraud/cases", { key: owner.key, body: fraudCaseBody() });
    return { caseId: (await json<{ case: { id: string } }>(res)).case.id };
  },
  "/v1/case-queues/{queueId}": queueOf,
  "/v1/case-queues/{queueId}/cases": queueOf,
  "/v1/case-queues/{queueId}/stats": queueOf,
  "/v1/sync/runs/{runId}": async (owner) => {
    const res = await call("POST", "/v1/sync/core_banking", { key: owner.key });
    return { runId: (await json<{ syncStatus: { runId: string } }>(res)).syncStatus.runId };
  },
  "/v1/kyc-aml/cases/{caseId}": async (owner) => ({ caseId: await amlCaseFor(owner) }),
  // Generating an STR needs the owner's reporting entity (the KYC facts travel in the body).
  "/v1/kyc-aml/cases/{caseId}/reports": async (owner) => {
    await setUpGoaml(owner);
    return { caseId: await amlCaseFor(owner) };
  },
  "/v1/goaml/reports/{reportId}": async (owner) => ({
    reportId: await storedCtrReport(owner, async (row) => {
      await systemShardDb(env, owner.shard)
        .insert(goamlReports)
        .values(row as typeof goamlReports.$inferInsert);
    }),
  }),
  // Facts stored, so the read-back (GET) answers the owner.
  "/v1/goaml/subjects/{customerId}": async (owner) => {
    const customerId = (await insertCustomer(owner)).id!;
    await call("PUT", `/v1/goaml/subjects/${customerId}`, { key: owner.key, body: { subject: KYC_SUBJECT } });
    return { customerId };
  },
  // Links: the POST body names a fixed alert of the owner (requestBodies are static).
  "/v1/fraud/cases/{caseId}/links": async (owner) => {
    await linkTargetAlert(owner);
    const res = await call("POST", "/v1/fraud/cases", { key: owner.key, body: fraudCaseBody() });
    return { caseId: (await json<{ case: { id: string } }>(res)).case.id };
  },
  "/v1/kyc-aml/cases/{caseId}/links": async (owner) => {
    await linkTargetAlert(owner);
    return { caseId: await amlCaseFor(owner) };
  },
  "/v1/fraud/cases/{caseId}/links/{linkId}": async (owner) => {
    const res = await call("POST", "/v1/fraud/cases", { key: owner.key, body: fraudCaseBody() });
    return caseLink(owner, "/v1/fraud/cases", (await json<{ case: { id: string } }>(res)).case.id);
  },
  "/v1/kyc-aml/cases/{caseId}/links/{linkId}": async (owner) =>
    caseLink(owner, "/v1/kyc-aml/cases", await amlCaseFor(owner)),
  // A close waiting for a second actor: requested by "security-maker" under maker-checker, through
  // a key of its own (four-eyes compares keys: the owner's key then confirms as a second principal).
  "/v1/fraud/cases/{caseId}/close-request": (owner) =>
    pendingClose(owner, async () => {
      const res = await call("POST", "/v1/fraud/cases", { key: owner.key, body: fraudCaseBody() });
      const caseId = (await json<{ case: { id: string } }>(res)).case.id;
      const closeBody = {
        eventType: "closed",
        actorType: "user",
        actorId: "security-maker",
        newStatus: "closed_cleared",
      };
      await call("POST", `/v1/fraud/cases/${caseId}/events`, { key: await makerKey(owner), body: closeBody });
      return caseId;
    }),
  "/v1/kyc-aml/cases/{caseId}/close-request": (owner) =>
    pendingClose(owner, async () => {
      const caseId = await amlCaseFor(owner);
      await call("POST", `/v1/kyc-aml/cases/${caseId}/transition`, {
        key: await makerKey(owner),
        body: { toStatus: "closed_false_positive", actorId: "security-maker" },
      });
      return caseId;
    }),
  "/v1/rule-sets/fraud/versions/{version}": (owner) => publishedVersion(owner, "fraud"),
  "/v1/rule-sets/aml/versions/{version}": (owner) => publishedVersion(owner, "aml"),
  "/v1/rule-sets/fraud/backtests/{backtestId}": (owner) => ruleSetBacktest(owner, "fraud"),
  "/v1/rule-sets/aml/backtests/{backtestId}": (owner) => ruleSetBacktest(owner, "aml"),
  "/v1/kyc-aml/backtests/{backtestId}": async (owner) => {
    const res = await call("POST", "/v1/kyc-aml/backtest", { key: owner.key, body: { async: true } });
    return { backtestId: (await json<{ backtestId: string }>(res)).backtestId };
  },
  "/v1/bhi/{customerId}": bhiCustomer,
  "/v1/reports/bhi/{customerId}": bhiCustomer,
  "/v1/bhi/calculate-from-db/jobs/{jobId}": async (owner) => {
    const now = new Date().toISOString();
    const id = crypto.randomUUID();
    await systemShardDb(env, owner.shard).insert(bhiJobs).values({
      id,
      tenantId: owner.id,
      status: "pending",
      weights: {},
      total: 10_001,
      processed: 0,
      successful: 0,
      failed: 0,
      alertCount: 0,
      createdAt: now,
      updatedAt: now,
    });
    return { jobId: id };
  },
  "/v1/insights/runway/{customerId}": async (owner) => ({ customerId: (await insertCustomer(owner)).id! }),
  "/v1/sme-health/{customerId}": async (owner) => ({ customerId: (await seedSteadySme(owner)).customer.id }),
  "/v1/webhooks/subscriptions/{id}": async (owner) => ({ id: await webhookSubscription(owner) }),
  "/v1/users/{userId}": async (owner) => {
    const res = await call("POST", "/v1/users", {
      key: owner.key,
      body: {
        name: "Fixture User",
        email: `fixture-${crypto.randomUUID()}@bank.example`,
        roles: ["analyst"],
      },
    });
    return { userId: (await json<{ user: { id: string } }>(res)).user.id };
  },
  "/v1/webhooks/deliveries/{id}": async (owner) => ({ id: await webhookDelivery(owner) }),
  "/v1/lists/{listId}": listWithEntry,
  "/v1/monitoring/runs/{runId}": async (owner) => {
    const runId = crypto.randomUUID();
    await systemShardDb(env, owner.shard)
      .$client.prepare(
        `INSERT INTO monitoring_runs (id, tenant_id, trigger, occurrence, status, started_at, completed_at)
         VALUES (?1, ?2, 'manual', 'manual:' || ?1, 'completed', ?3, ?3)`,
      )
      .bind(runId, owner.id, new Date().toISOString())
      .run();
    return { runId };
  },
  "/v1/monitoring/alerts/{alertId}": async (owner) => ({
    alertId: (await insertAlert(owner, { kind: "aml", ruleIds: ["AML-LCT-001"] })).id,
  }),
  // /v1/workflows/{workflowId} needs none: workflowId names a built-in workflow (x-shared-catalog).
  "/v1/workflows/runs/{runId}": async (owner) => {
    const res = await call("POST", "/v1/workflows/bhi-refresh/trigger", { key: owner.key, body: {} });
    return { runId: (await json<{ runId: string }>(res)).runId };
  },
};

/** Makes a case with a pending close (maker-checker on only while it is requested). */
const makerKey = async (owner: TestTenant) =>
  (await createKey(owner.id, ["fraud:read", "fraud:write", "aml:read", "aml:write"])).key;

async function pendingClose(owner: TestTenant, requestClose: () => Promise<string>) {
  await admin("PATCH", `/admin/tenants/${owner.id}`, { settings: { caseCloseRequiresSecondActor: true } });
  try {
    return { caseId: await requestClose() };
  } finally {
    await admin("PATCH", `/admin/tenants/${owner.id}`, { settings: { caseCloseRequiresSecondActor: false } });
  }
}

/** An AML case opened the way users open one: a large cash deposit, then a non-dry evaluation. */
async function amlCaseFor(owner: TestTenant): Promise<string> {
  const customer = await insertCustomer(owner);
  const account = await insertAccount(owner, customer.id!);
  await insertTransactions(owner, { id: account.id!, customerId: customer.id! }, [
    { amountMinor: 6_000_000, channel: "cash", transactionDate: new Date().toISOString() },
  ]);
  const res = await call("POST", "/v1/kyc-aml/evaluate", {
    key: owner.key,
    body: { entityType: "customer", entityId: customer.id, ruleIds: ["AML-LCT-001"] },
  });
  const body = await json<{ result: { cases: Array<{ caseId: string }> } }>(res);
  return body.result.cases[0].caseId;
}
