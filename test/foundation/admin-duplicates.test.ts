import { describe, expect, it } from "vitest";
import { REPLAYED_HEADER } from "../../src/http/middleware/idempotency";
import { TEST_ADMIN_TOKEN } from "../constants";
import { admin, call, json } from "../harness";

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

async function fourAtOnce(method: string, path: string, body?: unknown, idempotencyKey?: string) {
  const send = async (): Promise<Answer> => {
    const res = await call(method, path, {
      key: TEST_ADMIN_TOKEN,
      body,
      headers: idempotencyKey ? { "idempotency-key": idempotencyKey } : {},
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
});
