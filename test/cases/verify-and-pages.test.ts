import { env } from "cloudflare:workers";
import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, json, type TestTenant } from "../harness";
import { rewriteAmlHistory, withoutGuard } from "../tamper";
import { aml, fraud, type Kind, post } from "./helpers";

let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "Case verify and pages", shard: 0 });
  other = await createTenant({ name: "Case verify, other tenant", shard: 0 });
});

interface Verification {
  valid: boolean;
  eventCount: number;
  headHash: string;
  firstInvalidSequence: number | null;
  anchorValid: boolean | null;
}
const verify = async (kind: Kind, id: string, tenant = t) => {
  const res = await call("GET", `${kind.base}/${id}/verify`, { key: tenant.key });
  return { status: res.status, body: await json<Verification>(res) };
};
/** The hashes of the case's log in order, as the case read shows them. */
const hashes = async (kind: Kind, id: string) => {
  const body = await json<{ case: { events?: Array<{ hash: string }>; history?: Array<{ hash: string }> } }>(
    await call("GET", `${kind.base}/${id}`, { key: t.key }),
  );
  return (body.case.events ?? body.case.history ?? []).map((e) => e.hash);
};

describe.each([fraud, aml])("GET $base/{caseId}/verify", (kind) => {
  it("answers the chain of an untouched case as valid, with its count and head", async () => {
    const opened = await kind.open(t);
    const noted = await post(t, `${kind.base}/${opened.id}/notes`, {
      actorId: "analyst-1",
      content: "called the customer",
    });
    expect([200, 201]).toContain(noted.status);
    const logged = await hashes(kind, opened.id);
    expect(logged.length).toBe(2);
    const { status, body } = await verify(kind, opened.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      valid: true,
      eventCount: logged.length,
      headHash: logged.at(-1),
      firstInvalidSequence: null,
      anchorValid: true,
    });
  });

  it("another tenant's case is a 404", async () => {
    const opened = await kind.open(t);
    expect((await verify(kind, opened.id, other)).status).toBe(404);
  });
});

describe("AML verify finds tampering", () => {
  it("an entry edited in place is the first invalid sequence; the head still matches its anchor", async () => {
    const opened = await aml.open(t);
    await post(t, `${aml.base}/${opened.id}/notes`, { actorId: "analyst-1", content: "first" });
    await post(t, `${aml.base}/${opened.id}/notes`, { actorId: "analyst-1", content: "second" });
    await withoutGuard("aml_case_history", () =>
      env.SHARD_0.prepare("UPDATE aml_case_history SET note = 'edited' WHERE case_id = ? AND sequence = 2")
        .bind(opened.id)
        .run(),
    );
    const { body } = await verify(aml, opened.id);
    expect(body).toMatchObject({ valid: false, eventCount: 3, firstInvalidSequence: 2, anchorValid: true });
  });

  it("a history rewritten with every hash recomputed fails on its anchor alone", async () => {
    const opened = await aml.open(t);
    await post(t, `${aml.base}/${opened.id}/notes`, { actorId: "analyst-1", content: "first" });
    await rewriteAmlHistory(opened.id, 2, "nothing unusual");
    const { body } = await verify(aml, opened.id);
    expect(body).toMatchObject({
      valid: false,
      eventCount: 2,
      firstInvalidSequence: null,
      anchorValid: false,
    });
  });
});

describe.each([fraud, aml])("$base pages by cursor", (kind) => {
  it("answers `pagination` with a cursor that walks every case once", async () => {
    const tenant = await createTenant({ name: `Case pages ${kind.name}`, shard: 0 });
    const opened = [];
    for (let i = 0; i < 3; i++) opened.push((await kind.open(tenant)).id);
    const seen: string[] = [];
    let cursor: string | null = null;
    let pages = 0;
    do {
      const query: string = cursor ? `limit=2&cursor=${cursor}` : "limit=2";
      const body = await json<{
        data: Array<{ id: string }>;
        pagination: { limit: number; hasMore: boolean; total: number; nextCursor: string | null };
      }>(await call("GET", `${kind.base}?${query}`, { key: tenant.key }));
      expect(body.pagination).toMatchObject({ limit: 2, total: opened.length });
      seen.push(...body.data.map((c) => c.id));
      cursor = body.pagination.nextCursor;
      pages++;
    } while (cursor && pages < 5);
    expect(pages).toBe(Math.ceil(opened.length / 2));
    expect(seen.sort()).toEqual([...opened].sort());
  });
});
