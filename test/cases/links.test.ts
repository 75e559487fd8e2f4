import { beforeAll, describe, expect, it } from "vitest";
import { call, createKey, createTenant, json, shardRows, type TestTenant } from "../harness";
import { insertAlert } from "../monitoring/alert-fixtures";
import { aml, fraud, type Kind, outboxOf } from "./helpers";

interface Link {
  id: string;
  linked: { kind: string; id: string };
  createdAt: string;
  createdBy: string;
  actorKeyId: string | null;
}
type ErrorBody = {
  error: { code: string; message: string; details?: Array<{ path: string; message: string }> };
};

const END: Record<Kind["name"], string> = { fraud: "fraud_case", aml: "aml_case" };

let t: TestTenant;
let other: TestTenant;
beforeAll(async () => {
  t = await createTenant({ name: "links", shard: 0 });
  other = await createTenant({ name: "links other", shard: 0 });
});

const link = (kind: Kind, caseId: string, target: { kind: string; id: string }, key = t.key) =>
  call("POST", `${kind.base}/${caseId}/links`, {
    key,
    body: { target, actorId: "analyst-1", note: "same customer" },
  });
const links = async (kind: Kind, caseId: string, key = t.key) =>
  (await json<{ data: Link[] }>(await call("GET", `${kind.base}/${caseId}/links`, { key }))).data;
const unlink = (kind: Kind, caseId: string, linkId: string, key = t.key) =>
  call("DELETE", `${kind.base}/${caseId}/links/${linkId}?actorId=analyst-2`, { key });

/** The link entries of a case's log: [type, the other end's id, actorId]. */
async function linkEntries(kind: Kind, caseId: string) {
  const body = await json<{
    case: { events?: Array<Record<string, unknown>>; history?: Array<Record<string, unknown>> };
  }>(await call("GET", `${kind.base}/${caseId}`, { key: t.key }));
  return (body.case.events ?? body.case.history ?? [])
    .filter((e) => e.eventType === "linked" || e.eventType === "unlinked")
    .map((e) => {
      const facts = (e.details ?? e.evidenceReference) as { linkId: string; linked: { id: string } };
      return [e.eventType, facts.linked.id, facts.linkId, e.actorId];
    });
}

describe.each([
  [fraud, aml],
  [aml, fraud],
  [fraud, fraud],
  [aml, aml],
])("linking a %s case to a %s case", (from: Kind, to: Kind) => {
  it("shows the link from both ends, logs it in both cases (chains verify), audits it and emits case.linked", async () => {
    const a = await from.open(t);
    const b = await to.open(t);
    const res = await link(from, a.id, { kind: END[to.name], id: b.id });
    expect(res.status).toBe(201);
    const created = (await json<{ link: Link }>(res)).link;
    expect(created.linked).toEqual({ kind: END[to.name], id: b.id });
    expect(created.createdBy).toBe("analyst-1");

    // Both directions: the target lists the link with the source as its other end.
    expect(await links(from, a.id)).toEqual([created]);
    expect(await links(to, b.id)).toEqual([{ ...created, linked: { kind: END[from.name], id: a.id } }]);

    expect(await linkEntries(from, a.id)).toEqual([["linked", b.id, created.id, "analyst-1"]]);
    expect(await linkEntries(to, b.id)).toEqual([["linked", a.id, created.id, "analyst-1"]]);
    expect(await from.chainValid(t, a.id)).toBe(true);
    expect(await to.chainValid(t, b.id)).toBe(true);

    const audit = await shardRows<{ action: string; actor_id: string }>(
      t,
      "SELECT action, actor_id FROM tenant_audit_log WHERE tenant_id = ?1 AND target_id = ?2",
      t.id,
      created.id,
    );
    expect(audit).toEqual([{ action: "case.linked", actor_id: t.keyId }]);
    const events = (await outboxOf(t, "case.linked")).map((e) => JSON.parse(e.data));
    const mine = events.filter((d) => d.linkId === created.id);
    expect(mine).toHaveLength(1);
    expect(mine[0].ends.map((e: { id: string }) => e.id).sort()).toEqual([a.id, b.id].sort());

    // Unlinking from the other end removes it for both; both logs record it.
    const removed = await unlink(to, b.id, created.id);
    expect(removed.status).toBe(200);
    expect(await links(from, a.id)).toEqual([]);
    expect(await links(to, b.id)).toEqual([]);
    expect((await linkEntries(from, a.id)).map((e) => e[0])).toEqual(["linked", "unlinked"]);
    expect((await linkEntries(to, b.id)).at(-1)).toEqual(["unlinked", a.id, created.id, "analyst-2"]);
    expect(await from.chainValid(t, a.id)).toBe(true);
    expect(await to.chainValid(t, b.id)).toBe(true);
    expect((await outboxOf(t, "case.unlinked")).some((e) => JSON.parse(e.data).linkId === created.id)).toBe(
      true,
    );
    expect(
      await shardRows(
        t,
        "SELECT action FROM tenant_audit_log WHERE target_id = ?1 AND action = 'case.unlinked'",
        created.id,
      ),
    ).toHaveLength(1);
    // A second unlink finds nothing.
    expect((await unlink(to, b.id, created.id)).status).toBe(404);
  });
});

describe("case links", () => {
  it("answers a duplicate (from either end) with the existing link and writes nothing again", async () => {
    const a = await fraud.open(t);
    const b = await aml.open(t);
    const first = (await json<{ link: Link }>(await link(fraud, a.id, { kind: "aml_case", id: b.id }))).link;
    const again = await link(fraud, a.id, { kind: "aml_case", id: b.id });
    expect(again.status).toBe(200);
    expect((await json<{ link: Link }>(again)).link).toEqual(first);
    const reverse = await link(aml, b.id, { kind: "fraud_case", id: a.id });
    expect(reverse.status).toBe(200);
    expect((await json<{ link: Link }>(reverse)).link.id).toBe(first.id);
    expect(await linkEntries(fraud, a.id)).toHaveLength(1);
    expect(await linkEntries(aml, b.id)).toHaveLength(1);
    expect(
      await shardRows(
        t,
        "SELECT id FROM case_links WHERE tenant_id = ?1 AND (a_id = ?2 OR b_id = ?2)",
        t.id,
        a.id,
      ),
    ).toHaveLength(1);
  });

  it("links an alert to a case; the alert shows its cases and the case its alert", async () => {
    const c = await aml.open(t);
    const alert = await insertAlert(t, { kind: "aml", ruleIds: ["AML-LCT-001"] });
    const res = await link(aml, c.id, { kind: "alert", id: alert.id });
    expect(res.status).toBe(201);
    const created = (await json<{ link: Link }>(res)).link;
    expect(created.linked).toEqual({ kind: "alert", id: alert.id });
    const fromAlert = await json<{ data: Link[] }>(
      await call("GET", `/v1/monitoring/alerts/${alert.id}/links`, { key: t.key }),
    );
    expect(fromAlert.data).toEqual([{ ...created, linked: { kind: "aml_case", id: c.id } }]);
    // Only the case has a log.
    expect(await linkEntries(aml, c.id)).toEqual([["linked", alert.id, created.id, "analyst-1"]]);
    // A fraud alert is not shown to a key that cannot read fraud (as GET /v1/monitoring/alerts/{id}).
    const fraudAlert = await insertAlert(t, { kind: "fraud", ruleIds: ["velocity_count"] });
    const amlOnly = await createKey(t.id, ["aml:read", "aml:write"]);
    expect((await link(aml, c.id, { kind: "alert", id: fraudAlert.id }, amlOnly.key)).status).toBe(404);
    expect(
      (await call("GET", `/v1/monitoring/alerts/${fraudAlert.id}/links`, { key: amlOnly.key })).status,
    ).toBe(404);
    // Linked by a key that reads both, the fraud alert stays out of the AML-only key's list of the
    // case's links, as the alert itself would be a 404 to it.
    expect((await link(aml, c.id, { kind: "alert", id: fraudAlert.id })).status).toBe(201);
    expect((await links(aml, c.id)).map((l) => l.linked.id)).toEqual([alert.id, fraudAlert.id]);
    expect((await links(aml, c.id, amlOnly.key)).map((l) => l.linked.id)).toEqual([alert.id]);
  });

  it("refuses another tenant's target (404 naming it), an unknown one, and the case itself (400)", async () => {
    const mine = await fraud.open(t);
    const theirs = await aml.open(other);
    const foreignAlert = await insertAlert(other, { kind: "aml", ruleIds: ["AML-LCT-001"] });
    for (const target of [
      { kind: "aml_case", id: theirs.id },
      { kind: "alert", id: foreignAlert.id },
      { kind: "fraud_case", id: crypto.randomUUID() },
    ]) {
      const res = await link(fraud, mine.id, target);
      expect(res.status).toBe(404);
      const { error } = await json<ErrorBody>(res);
      expect(error.message).toContain(target.id);
      expect(error.details?.[0].path).toBe("target.id");
    }
    const self = await link(fraud, mine.id, { kind: "fraud_case", id: mine.id });
    expect(self.status).toBe(400);
    expect((await json<ErrorBody>(self)).error.details?.[0].path).toBe("target.id");
    // Another tenant cannot link from, list or unlink the owner's case.
    expect((await link(fraud, mine.id, { kind: "aml_case", id: theirs.id }, other.key)).status).toBe(404);
    expect((await call("GET", `/v1/fraud/cases/${mine.id}/links`, { key: other.key })).status).toBe(404);
    expect(await linkEntries(fraud, mine.id)).toEqual([]);
    expect(await shardRows(t, "SELECT id FROM case_links WHERE a_id = ?1 OR b_id = ?1", mine.id)).toEqual([]);
  });

  it("a link into a case of the other kind needs that kind's write scope; a link of another case is a 404", async () => {
    const f = await fraud.open(t);
    const m = await aml.open(t);
    const fraudOnly = await createKey(t.id, ["fraud:read", "fraud:write"]);
    const res = await link(fraud, f.id, { kind: "aml_case", id: m.id }, fraudOnly.key);
    expect(res.status).toBe(403);
    expect((await json<ErrorBody>(res)).error.details?.[0].message).toContain("aml:write");
    const made = (await json<{ link: Link }>(await link(fraud, f.id, { kind: "aml_case", id: m.id }))).link;
    // fraud:read alone does not see the AML end; unlinking it needs aml:write as well.
    expect(await links(fraud, f.id, fraudOnly.key)).toEqual([]);
    expect((await unlink(fraud, f.id, made.id, fraudOnly.key)).status).toBe(403);
    const unrelated = await fraud.open(t);
    expect((await unlink(fraud, unrelated.id, made.id)).status).toBe(404);
    expect(await links(fraud, f.id)).toHaveLength(1);
  });

  it("links closed cases too (the record may still be annotated)", async () => {
    const f = await fraud.open(t);
    expect((await fraud.closeAs(t, f.id, "analyst-1")).status).toBeLessThan(300);
    const m = await aml.open(t);
    expect((await link(aml, m.id, { kind: "fraud_case", id: f.id })).status).toBe(201);
    expect((await linkEntries(fraud, f.id)).map((e) => e[0])).toEqual(["linked"]);
  });
});
