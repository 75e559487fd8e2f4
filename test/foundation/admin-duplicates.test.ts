import { describe, expect, it } from "vitest";
import { REPLAYED_HEADER } from "../../src/http/middleware/idempotency";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, createTenant, json } from "../harness";

/**
 * Issue 36 item 5 for the operator API: state-changing /admin operations sent four times at once
 * (docs/decisions/faults.md#concurrent-duplicates). In a workerd of its own (vitest.config.ts
 * ISOLATED): tenants, keys and operator tokens are what every tenant of a shared runtime sees.
 * Every answer is declared (call() checks it) and none is a 5xx; stored as if once.
 */
interface Answer {
  status: number;
  replayed: boolean;
  code?: string;
  body: string;
}

async function fourAtOnce(
  method: string,
  path: string,
  body?: unknown,
  idempotencyKey?: string,
  headers: Record<string, string> = {},
) {
  const send = async (): Promise<Answer> => {
    const res = await call(method, path, {
      key: TEST_ADMIN_TOKEN,
      body,
      headers: { ...headers, ...(idempotencyKey ? { "idempotency-key": idempotencyKey } : {}) },
    });
    const text = await res.text();
    const code =
      res.status >= 400 ? (JSON.parse(text) as { error?: { code?: string } }).error?.code : undefined;
    return { status: res.status, replayed: res.headers.get(REPLAYED_HEADER) === "true", code, body: text };
  };
  const answers = await Promise.all([send(), send(), send(), send()]);
  for (const a of answers) expect(a.status, `${method} ${path}: ${a.body.slice(0, 300)}`).toBeLessThan(500);
  return answers;
}

/** Under one key: one did the work, the others replayed it or were told it still runs. */
function oneWinner(answers: Answer[]): Answer {
  const running = answers.filter((a) => a.status === 409 && a.code === "idempotency_key_in_use");
  const winners = answers.filter((a) => !a.replayed && !running.includes(a));
  expect(winners, JSON.stringify(answers.map((a) => [a.status, a.code]))).toHaveLength(1);
  for (const replay of answers.filter((a) => a.replayed)) expect(replay.body).toBe(winners[0].body);
  return winners[0];
}

const statuses = (answers: Answer[]) => answers.map((a) => a.status).sort();

/** Each answer is one of `allowed`, and the first of them at least once. */
function onlyOf(answers: Answer[], allowed: number[]) {
  const seen = statuses(answers);
  expect(
    seen.every((s) => allowed.includes(s)) && seen.includes(allowed[0]),
    JSON.stringify(answers.map((a) => [a.status, a.code])),
  ).toBe(true);
}

/** The ids of what the 202 answers started: one when the duplicates joined one run. */
const startedIds = (answers: Answer[], field: string) =>
  new Set(
    answers
      .filter((a) => a.status === 202)
      .map((a) => (JSON.parse(a.body) as Record<string, { id: string }>)[field].id),
  );

/** A revocation sent four times: done at least once, the others done too or 404 (already gone). */
function expectDone(answers: Answer[]) {
  expect(answers.some((a) => a.status < 300)).toBe(true);
  expect(
    answers.every((a) => a.status < 300 || a.status === 404),
    JSON.stringify(statuses(answers)),
  ).toBe(true);
}

describe("operator operations, four identical requests at once", () => {
  it("a tenant created under one key is one tenant; its settings, keys and deletion hold once", async () => {
    const name = `Duplicate operator ${crypto.randomUUID()}`;
    const created = oneWinner(
      await fourAtOnce("POST", "/admin/tenants", { name, shard: 0 }, crypto.randomUUID()),
    );
    const tenantId = (JSON.parse(created.body) as { tenant: { id: string } }).tenant.id;
    const listed = await json<{ data: Array<{ name: string }> }>(
      await admin("GET", "/admin/tenants?limit=100"),
    );
    expect(listed.data.filter((t) => t.name === name)).toHaveLength(1);

    expect(
      statuses(
        await fourAtOnce("PATCH", `/admin/tenants/${tenantId}`, {
          settings: { monitoring: { onArrival: false } },
        }),
      ),
    ).toEqual([200, 200, 200, 200]);

    const [first] = (
      await json<{ data: Array<{ id: string }> }>(await admin("GET", `/admin/tenants/${tenantId}/keys`))
    ).data;
    // Rotating one key four times without an Idempotency-Key: one successor, three 409.
    const rotations = await fourAtOnce("POST", `/admin/keys/${first.id}/rotate`, {});
    expect(statuses(rotations)).toEqual([201, 409, 409, 409]);
    const newKeyId = (JSON.parse(rotations.find((a) => a.status === 201)!.body) as { apiKey: { id: string } })
      .apiKey.id;
    const after = (
      await json<{ data: Array<{ id: string }> }>(await admin("GET", `/admin/tenants/${tenantId}/keys`))
    ).data;
    expect(after.map((k) => k.id).sort()).toEqual([first.id, newKeyId].sort());
    // And its successor four times under one Idempotency-Key: one winner.
    const again = oneWinner(
      await fourAtOnce("POST", `/admin/keys/${newKeyId}/rotate`, {}, crypto.randomUUID()),
    );
    expect(again.status).toBe(201);
    expect(
      statuses(await fourAtOnce("PUT", `/admin/keys/${newKeyId}/rate-limit`, { rateLimitPerMinute: 120 })),
    ).toEqual([200, 200, 200, 200]);
    expectDone(await fourAtOnce("DELETE", `/admin/keys/${newKeyId}`));

    // Deleting it four times: each answers as the first did (202) or finds it gone (404).
    const deleted = statuses(await fourAtOnce("DELETE", `/admin/tenants/${tenantId}`));
    expect(
      deleted.every((s) => s === 202 || s === 404) && deleted.includes(202),
      JSON.stringify(deleted),
    ).toBe(true);
    expect((await admin("GET", `/admin/tenants/${tenantId}`)).status).toBe(404);
  });

  it("an operator token created under one key is one token; its revocation holds once", async () => {
    const name = `duplicate token ${crypto.randomUUID().slice(0, 8)}`;
    const created = oneWinner(
      await fourAtOnce("POST", "/admin/operator-tokens", { name }, crypto.randomUUID()),
    );
    const tokenId = (JSON.parse(created.body) as { operatorToken: { id: string } }).operatorToken.id;
    const listed = await json<{ data: Array<{ name: string }> }>(
      await admin("GET", "/admin/operator-tokens"),
    );
    expect(listed.data.filter((t) => t.name === name)).toHaveLength(1);
    expectDone(await fourAtOnce("DELETE", `/admin/operator-tokens/${tokenId}`));
  });

  it("moves, recounts, exports, connectors, shards, reseal and sanctions loads: no 5xx, done once", async () => {
    const t = await createTenant({ name: `Duplicate long work ${crypto.randomUUID()}`, shard: 0 });
    const base = `/admin/tenants/${t.id}`;
    const connector = {
      provider: "fineract",
      baseUrl: "https://core.example/fineract-provider",
      tenantIdentifier: "default",
      username: "mifos",
      password: "password",
    };
    expect(statuses(await fourAtOnce("PUT", `${base}/connectors/core_banking`, connector))).toEqual([
      200, 200, 200, 200,
    ]);
    expect(statuses(await fourAtOnce("PATCH", "/admin/shards/1", { notes: "duplicates" }))).toEqual([
      200, 200, 200, 200,
    ]);
    // A second recount or export while one runs is refused 409; under one key, one winner.
    const recounts = await fourAtOnce("POST", `${base}/object-recounts`);
    onlyOf(recounts, [202, 409]);
    expect(startedIds(recounts, "recount").size).toBe(1);
    const exports = await fourAtOnce("POST", `${base}/exports`);
    onlyOf(exports, [202, 409]);
    expect(startedIds(exports, "export").size).toBe(1);
    expect(
      oneWinner(await fourAtOnce("POST", `${base}/exports`, undefined, crypto.randomUUID())).status,
    ).toBeLessThan(500);
    onlyOf(await fourAtOnce("POST", "/admin/secrets/reseal"), [200, 409]);

    const move = oneWinner(
      await fourAtOnce("POST", `${base}/moves`, { targetShard: 1 }, crypto.randomUUID()),
    );
    expect(move.status).toBe(202);
    const moveId = (JSON.parse(move.body) as { move: { id: string } }).move.id;
    // The same move again while it runs answers that move (resumed), not a second one.
    for (const again of await fourAtOnce("POST", `${base}/moves`, { targetShard: 1 })) {
      if (again.status === 202)
        expect((JSON.parse(again.body) as { move: { id: string } }).move.id).toBe(moveId);
      else expect(again.status).toBe(409);
    }
    const cancels = await fourAtOnce("POST", `${base}/moves/${moveId}/cancel`);
    expect(cancels.every((a) => a.status === 202 || a.status === 409)).toBe(true);

    // A sanctions file uploaded under one key is one upload; the same version loaded four times is one version.
    const list = `dup-${crypto.randomUUID().slice(0, 8)}`;
    const csv = [
      "reference,type,name,aliases,weak_aliases,date_of_birth,nationality,program,remarks",
      "DUP-000001,person,Kwame Duplicate Mensah,,,1970-01-01,GH,Test program,One row",
      "",
    ].join("\n");
    const uploaded = oneWinner(
      await fourAtOnce("POST", "/admin/sanctions/uploads", csv, crypto.randomUUID(), {
        "content-type": "text/csv",
      }),
    );
    expect(uploaded.status).toBe(201);
    const loads = await fourAtOnce("POST", `/admin/sanctions/lists/${list}/versions`, {
      format: "national_csv",
      publicationDate: "2026-11-01",
      content: csv,
    });
    expect(loads.every((a) => [200, 201, 409].includes(a.status))).toBe(true);
    const versions = await json<{ data: unknown[] }>(
      await admin("GET", `/admin/sanctions/lists/${list}/versions`),
    );
    expect(versions.data).toHaveLength(1);
  });
});
