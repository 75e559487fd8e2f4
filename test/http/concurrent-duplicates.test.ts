import { beforeAll, describe, expect, it } from "vitest";
import document from "../../openapi.json";
import { REPLAYED_HEADER } from "../../src/http/middleware/idempotency";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, createTenant, json, type TestTenant } from "../harness";
import { fraudChange } from "../rules/helpers";
import { fraudCaseBody, requestBodies, requestExtras } from "../security/bodies";
import { pathFixtures } from "../security/fixtures";

/**
 * Issue 36 item 5: every state-changing /v1 operation of the document sent four times at once,
 * without and with one Idempotency-Key (docs/decisions/faults.md#concurrent-duplicates). Each
 * answer must be declared (call() checks it against openapi.json) and none a 5xx; with a key,
 * one request does the work and the others get its answer replayed or 409
 * `idempotency_key_in_use`. The second block counts stored rows through the API for a
 * representative set: as if the request ran once.
 */
type Param = { in: string; name: string; schema?: { enum?: string[] } };
type Operation = { operationId: string; parameters?: Param[] };
interface Mutation {
  method: string;
  path: string;
  op: Operation;
  takesKey: boolean;
}

const paths = (document as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
const mutations: Mutation[] = Object.entries(paths).flatMap(([path, item]) =>
  Object.entries(item)
    .filter(([method]) => ["post", "put", "patch", "delete"].includes(method) && path.startsWith("/v1/"))
    .map(([method, op]) => ({
      method: method.toUpperCase(),
      path,
      op,
      takesKey: op.parameters?.some((p) => p.in === "header" && p.name === "Idempotency-Key") ?? false,
    })),
);

function fixtureFor(path: string) {
  const key = Object.keys(pathFixtures)
    .filter((prefix) => path.startsWith(prefix))
    .sort((a, b) => b.length - a.length)[0];
  return key ? pathFixtures[key] : undefined;
}

interface Answer {
  status: number;
  replayed: boolean;
  code?: string;
  body: string;
}

/** Four identical requests at once. */
async function fourAtOnce(
  tenantKey: string,
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer[]> {
  const send = async (): Promise<Answer> => {
    const res = await call(method, path, { key: tenantKey, body, headers });
    const text = await res.text();
    const code =
      res.status >= 400 ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
    return { status: res.status, replayed: res.headers.get(REPLAYED_HEADER) === "true", code, body: text };
  };
  return Promise.all([send(), send(), send(), send()]);
}

/** With one key: one answer did the work; the others replay it or are told it is still running. */
function expectOneWinner(answers: Answer[]) {
  const running = answers.filter((a) => a.status === 409 && a.code === "idempotency_key_in_use");
  const replays = answers.filter((a) => a.replayed);
  const winners = answers.filter((a) => !a.replayed && !running.includes(a));
  expect(winners, JSON.stringify(answers.map((a) => [a.status, a.code]))).toHaveLength(1);
  for (const replay of replays) {
    expect(replay.status).toBe(winners[0].status);
    expect(replay.body).toBe(winners[0].body);
  }
}

let owner: TestTenant;
beforeAll(async () => {
  owner = await createTenant({ name: "Concurrent duplicates", shard: 0, features: { agentNetwork: true } });
});

describe("every state-changing operation, four identical requests at once", () => {
  // Five operations at a time (vitest's maxConcurrency): their objects are their own, and a shared
  // one (the rule-set draft) only changes who wins; one at a time took twice as long.
  it.concurrent.each(mutations.map((m) => [`${m.method} ${m.path}`, m] as const))("%s", async (_, m) => {
    const enums = Object.fromEntries(
      (m.op.parameters ?? [])
        .filter((p) => p.in === "path" && p.schema?.enum)
        .map((p) => [p.name, p.schema!.enum![0]]),
    );
    const extra = requestExtras[`${m.method} ${m.path}`];
    const body =
      m.method === "DELETE" ? undefined : extra ? extra.body : (requestBodies[`${m.method} ${m.path}`] ?? {});
    // One fixture for both rounds (fixtures are most of the time): the keyed round may meet the
    // state the first left (a case already under review), which only changes who wins.
    const fixture = fixtureFor(m.path);
    const params: Record<string, string> = { ...enums, ...(fixture ? await fixture(owner) : {}) };
    const path = m.path.replace(/\{([^}]+)\}/g, (_m, name: string) => params[name]) + (extra?.query ?? "");
    for (const withKey of m.takesKey ? [false, true] : [false]) {
      const headers = { ...extra?.headers, ...(withKey ? { "idempotency-key": crypto.randomUUID() } : {}) };
      const answers = await fourAtOnce(owner.key, m.method, path, body, headers);
      for (const a of answers) expect(a.status, a.body.slice(0, 300)).toBeLessThan(500);
      if (withKey) expectOneWinner(answers);
    }
  });
});

describe("stored as if once: four identical requests at once, counted through the API", () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTenant({ name: "Concurrent duplicates, counted", shard: 1 });
  });
  const get = (path: string) => call("GET", path, { key: t.key });
  const total = async (path: string) =>
    (await json<{ pagination: { total: number } }>(await get(path))).pagination.total;
  const noServerError = (answers: Answer[]) => {
    for (const a of answers) expect(a.status, a.body.slice(0, 300)).toBeLessThan(500);
  };
  const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

  it("ingesting one customer, then a batch of transactions: one customer, the batch once", async () => {
    const customer = { externalId: "DUP-C", externalSource: "core", name: "Duplicate Ltd" };
    noServerError(await fourAtOnce(t.key, "POST", "/v1/ingest/customers", [customer]));
    expect(await total("/v1/customers?limit=1")).toBe(1);
    const account = {
      externalId: "DUP-A",
      externalSource: "core",
      customerExternalId: "DUP-C",
      currency: "GHS",
      currentBalance: "100.00",
    };
    noServerError(await fourAtOnce(t.key, "POST", "/v1/ingest/accounts", [account]));
    expect(await total("/v1/accounts?limit=1")).toBe(1);
    const batch = Array.from({ length: 25 }, (_, i) => ({
      externalId: `DUP-T-${i}`,
      externalSource: "core",
      accountExternalId: "DUP-A",
      type: "credit",
      amount: "10.00",
      currency: "GHS",
      transactionDate: new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
    }));
    noServerError(await fourAtOnce(t.key, "POST", "/v1/ingest/transactions", batch));
    const withKey = await fourAtOnce(t.key, "POST", "/v1/ingest/transactions", batch, {
      "idempotency-key": crypto.randomUUID(),
    });
    expectOneWinner(withKey);
    expect(await total("/v1/transactions?limit=1")).toBe(25);
  });

  it("a webhook subscription and a list under one Idempotency-Key: one each", async () => {
    const hooks = await fourAtOnce(
      t.key,
      "POST",
      "/v1/webhooks/subscriptions",
      { url: "https://hooks.example.com/dup", eventTypes: ["*"] },
      { "idempotency-key": crypto.randomUUID() },
    );
    expectOneWinner(hooks);
    expect(await total("/v1/webhooks/subscriptions?limit=1")).toBe(1);
    const lists = await fourAtOnce(
      t.key,
      "POST",
      "/v1/lists",
      { name: "Duplicate watchlist", kind: "watchlist", entryType: "name" },
      { "idempotency-key": crypto.randomUUID() },
    );
    expectOneWinner(lists);
    expect(await total("/v1/lists?limit=1")).toBe(1);
    const listId = (JSON.parse(lists.find((a) => a.status === 201)!.body) as { list: { listId: string } })
      .list.listId;
    // An entry is its value: the same entry four times without a key is stored once.
    const entries = await fourAtOnce(t.key, "POST", `/v1/lists/${listId}/entries`, {
      entries: [{ value: "Duplicate Person" }],
    });
    noServerError(entries);
    expect(await total(`/v1/lists/${listId}/entries?limit=1`)).toBe(1);
  });

  it("an API key under one Idempotency-Key: one key", async () => {
    const before = (await json<{ data: unknown[] }>(await admin("GET", `/admin/tenants/${t.id}/keys`))).data
      .length;
    const idempotencyKey = crypto.randomUUID();
    const send = () =>
      call("POST", `/admin/tenants/${t.id}/keys`, {
        key: TEST_ADMIN_TOKEN,
        body: { name: "duplicate", scopes: ["data:read"] },
        headers: { "idempotency-key": idempotencyKey },
      }).then(async (res) => ({
        status: res.status,
        replayed: res.headers.get(REPLAYED_HEADER) === "true",
        body: await res.text(),
        code: undefined as string | undefined,
      }));
    const answers = await Promise.all([send(), send(), send(), send()]);
    for (const a of answers) if (a.status === 409) a.code = JSON.parse(a.body).error.code;
    expectOneWinner(answers);
    const after = (await json<{ data: unknown[] }>(await admin("GET", `/admin/tenants/${t.id}/keys`))).data
      .length;
    expect(after - before).toBe(1);
  });

  it("a fraud case status change: one transition in the case's log", async () => {
    const created = await call("POST", "/v1/fraud/cases", { key: t.key, body: fraudCaseBody() });
    const caseId = (await json<{ case: { id: string } }>(created)).case.id;
    const answers = await fourAtOnce(t.key, "POST", `/v1/fraud/cases/${caseId}/status`, {
      newStatus: "under_review",
      actorId: "analyst-1",
    });
    noServerError(answers);
    expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
    const events = await json<{ data: { eventType: string }[] }>(
      await get(`/v1/fraud/cases/${caseId}/events`),
    );
    expect(events.data.filter((e) => e.eventType === "status_changed")).toHaveLength(1);
  });

  it("a rule-set draft put four times, then published four times: one new version", async () => {
    const drafts = await fourAtOnce(t.key, "PUT", "/v1/rule-sets/fraud/draft", fraudChange(30));
    expect(statuses(drafts)).toEqual([200, 200, 200, 200]);
    const before = await total("/v1/rule-sets/fraud/versions?limit=1");
    const published = await fourAtOnce(t.key, "POST", "/v1/rule-sets/fraud/publish", {
      reason: "duplicates",
    });
    noServerError(published);
    expect(statuses(published).filter((s) => s === 200)).toHaveLength(1);
    expect(await total("/v1/rule-sets/fraud/versions?limit=1")).toBe(before + 1);
  });

  it.each([
    ["an AML", "/v1/kyc-aml/cases", "/v1/kyc-aml/cases/{caseId}/links/{linkId}"],
    ["a fraud", "/v1/fraud/cases", "/v1/fraud/cases/{caseId}/links/{linkId}"],
  ])(
    "unlinking %s case four times at once: the link removed once, one `unlinked` entry",
    async (_, base, template) => {
      const { caseId, linkId } = await pathFixtures[template](t);
      const answers = await fourAtOnce(
        t.key,
        "DELETE",
        `${base}/${caseId}/links/${linkId}?actorId=analyst-1`,
        undefined,
      );
      noServerError(answers);
      // The first answers the removed link; later ones find no link (404), as a retry would.
      expect(statuses(answers).filter((s) => s === 200)).toHaveLength(1);
      expect(
        statuses(answers)
          .filter((s) => s !== 200)
          .every((s) => s === 404),
      ).toBe(true);
      const log = base.includes("fraud")
        ? (await json<{ data: { eventType: string }[] }>(await get(`${base}/${caseId}/events?limit=100`)))
            .data
        : (await json<{ case: { history: { eventType: string }[] } }>(await get(`${base}/${caseId}`))).case
            .history;
      expect(log.filter((e) => e.eventType === "unlinked")).toHaveLength(1);
    },
  );
});
