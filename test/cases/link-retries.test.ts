import { beforeAll, describe, expect, it } from "vitest";
import { call, createTenant, json, shardRows, type TestTenant } from "../harness";
import { aml, fraud, type Kind, outboxOf } from "./helpers";

/**
 * The link row goes first, alone (the claim: of concurrent duplicates one wins), then the fraud
 * log through its Durable Object, then the D1 batch (case-links service, recordChange). When that
 * batch fails, the row is put back and the fraud log keeps the attempt's `linked` entry. These
 * tests pin what the reader then sees (docs/decisions/case-work.md#links).
 */

interface Link {
  id: string;
  linked: { kind: string; id: string };
}

let t: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "link retries", shard: 0 });
});

const link = (caseId: string, target: { kind: string; id: string }) =>
  call("POST", `${fraud.base}/${caseId}/links`, {
    key: t.key,
    body: { target, actorId: "analyst-1", note: "same customer" },
  });

/** The link entries of a case's log: [type, linkId]. */
async function linkEntries(kind: Kind, caseId: string) {
  const body = await json<{
    case: { events?: Array<Record<string, unknown>>; history?: Array<Record<string, unknown>> };
  }>(await call("GET", `${kind.base}/${caseId}`, { key: t.key }));
  return (body.case.events ?? body.case.history ?? [])
    .filter((e) => e.eventType === "linked")
    .map((e): [string, string] => [
      String(e.eventType),
      ((e.details ?? e.evidenceReference) as { linkId: string }).linkId,
    ]);
}

/** The case.linked events naming the link. */
const linkedEvents = async (linkId: string) =>
  (await outboxOf(t, "case.linked")).filter((e) => JSON.parse(e.data).linkId === linkId);

const linkRows = (caseId: string) =>
  shardRows<{ id: string }>(
    t,
    "SELECT id FROM case_links WHERE tenant_id = ?1 AND (a_id = ?2 OR b_id = ?2)",
    t.id,
    caseId,
  );

describe("a link whose writes fail part way", () => {
  it("a refused row writes nothing at all; the retry links once", async () => {
    const a = await fraud.open(t);
    const b = await aml.open(t);
    await shardRows(
      t,
      `CREATE TRIGGER test_refuse_link BEFORE INSERT ON case_links WHEN NEW.tenant_id = '${t.id}'
       BEGIN SELECT RAISE(ABORT, 'test refuses links'); END`,
    );
    let failed: Response;
    try {
      failed = await link(a.id, { kind: "aml_case", id: b.id });
    } finally {
      await shardRows(t, "DROP TRIGGER test_refuse_link");
    }
    expect(failed.status).toBe(500);
    // The row is the claim and goes first: refused, nothing else was written.
    expect(await linkEntries(fraud, a.id)).toEqual([]);
    expect(await linkEntries(aml, b.id)).toEqual([]);
    expect(await linkRows(a.id)).toEqual([]);

    const retried = await link(a.id, { kind: "aml_case", id: b.id });
    expect(retried.status).toBe(201);
    const created = (await json<{ link: Link }>(retried)).link;
    expect(await linkEntries(fraud, a.id)).toEqual([["linked", created.id]]);
    expect(await linkEntries(aml, b.id)).toEqual([["linked", created.id]]);
    expect(await linkedEvents(created.id)).toHaveLength(1);
  });

  it("fails as a whole but for the fraud log's attempt when the batch after it fails; the retry links once", async () => {
    const a = await fraud.open(t);
    const b = await aml.open(t);
    await shardRows(
      t,
      `CREATE TRIGGER test_refuse_link_audit BEFORE INSERT ON tenant_audit_log
       WHEN NEW.tenant_id = '${t.id}' AND NEW.action = 'case.linked'
       BEGIN SELECT RAISE(ABORT, 'test refuses the audit row'); END`,
    );
    let failed: Response;
    try {
      failed = await link(a.id, { kind: "aml_case", id: b.id });
    } finally {
      await shardRows(t, "DROP TRIGGER test_refuse_link_audit");
    }
    expect(failed.status).toBe(500);
    // Written before the batch: the attempt's entry; the row was put back.
    const attempt = await linkEntries(fraud, a.id);
    expect(attempt).toHaveLength(1);
    expect(await linkRows(a.id)).toEqual([]);
    expect(await linkEntries(aml, b.id)).toEqual([]);
    expect(await linkedEvents(attempt[0][1])).toEqual([]);

    const retried = await link(a.id, { kind: "aml_case", id: b.id });
    expect(retried.status).toBe(201);
    const created = (await json<{ link: Link }>(retried)).link;
    expect(created.id).not.toBe(attempt[0][1]);
    expect(await linkEntries(fraud, a.id)).toEqual([...attempt, ["linked", created.id]]);
    expect(await linkEntries(aml, b.id)).toEqual([["linked", created.id]]);
    expect(await linkRows(a.id)).toEqual([{ id: created.id }]);
    expect(await linkedEvents(created.id)).toHaveLength(1);
    expect(await fraud.chainValid(t, a.id)).toBe(true);
    expect(await aml.chainValid(t, b.id)).toBe(true);
  });

  it("four identical links at once: one link, answered to all, one entry in each log", async () => {
    const a = await fraud.open(t);
    const b = await aml.open(t);
    const answers = await Promise.all([1, 2, 3, 4].map(() => link(a.id, { kind: "aml_case", id: b.id })));
    expect(answers.map((r) => r.status).sort()).toEqual([200, 200, 200, 201]);
    const ids = new Set(await Promise.all(answers.map(async (r) => (await json<{ link: Link }>(r)).link.id)));
    expect(ids.size).toBe(1);
    const [id] = ids;
    expect(await linkRows(a.id)).toEqual([{ id }]);
    expect(await linkEntries(fraud, a.id)).toEqual([["linked", id]]);
    expect(await linkEntries(aml, b.id)).toEqual([["linked", id]]);
    expect(await linkedEvents(id)).toHaveLength(1);
  });
});
