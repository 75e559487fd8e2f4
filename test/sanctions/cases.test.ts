import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { jobs } from "../../src/jobs/messages";
import { jobHandlers } from "../../src/jobs/registry";
import {
  admin,
  call,
  createKey,
  createTenant,
  insertCustomer,
  json,
  shardRows,
  type TestTenant,
} from "../harness";
import { fixture, listId, loadList } from "./helpers";

type CaseBody = {
  caseId: string;
  state: string;
  subjectId: string;
  entryRef: string;
  clearRequestedBy: string | null;
};

const screen = (t: TestTenant, at: Parameters<typeof jobs.sanctionsScreen>[1]) =>
  jobHandlers["sanctions.screen"](env, jobs.sanctionsScreen(t.id, at));

const cases = async (t: TestTenant) =>
  (await json<{ data: CaseBody[] }>(await call("GET", "/v1/sanctions/cases", { key: t.key }))).data;

describe("sanctions cases", () => {
  it("opens a case per hit, clears it with four eyes, remembers it until the entry changes", async () => {
    const id = listId("un");
    const un = fixture("un-consolidated.xml");
    expect((await loadList(id, { format: "un_xml", content: un })).status).toBe(201);
    const t = await createTenant();
    await call("PUT", "/v1/sanctions/settings", { key: t.key, body: { lists: [id] } });
    const kojo = await insertCustomer(t, {
      type: "individual",
      name: "Kojo Mensa",
      businessInfo: { nationality: "gh" },
    });
    await insertCustomer(t, { type: "individual", name: "Ama Owusu" });

    await screen(t, { since: "2000-01-01T00:00:00.000Z" });
    const [opened, ...more] = await cases(t);
    expect(more).toEqual([]);
    expect(opened).toMatchObject({ subjectId: kojo.id, entryRef: "CDi.902", state: "potential_match" });
    const events = await shardRows<{ type: string }>(
      t,
      "SELECT type FROM events WHERE tenant_id = ? AND type LIKE 'sanctions.%'",
      t.id,
    );
    expect(events.map((e) => e.type)).toEqual(["sanctions.potential_match"]);
    // Screening again updates the open case; it opens no other.
    await screen(t, { since: "2000-01-01T00:00:00.000Z" });
    expect(await cases(t)).toHaveLength(1);

    const caseId = opened?.caseId as string;
    const decide = (key: string) =>
      call("POST", `/v1/sanctions/cases/${caseId}/decisions`, {
        key,
        body: { decision: "false_positive", reason: "different person: born 1990" },
      });
    const asked = await decide(t.key);
    expect(asked.status).toBe(200);
    expect((await json<{ case: CaseBody }>(asked)).case).toMatchObject({
      state: "potential_match",
      clearRequestedBy: t.keyId,
    });
    expect((await decide(t.key)).status).toBe(409);
    const second = await createKey(t.id, ["aml:read", "aml:write"]);
    const cleared = await decide(second.key);
    expect(cleared.status).toBe(200);
    expect((await json<{ case: CaseBody }>(cleared)).case.state).toBe("false_positive");
    expect((await decide(second.key)).status).toBe(400);

    // Remembered: the same entry raises nothing.
    await screen(t, { since: "2000-01-01T00:00:00.000Z" });
    expect((await cases(t)).map((c) => c.state)).toEqual(["false_positive"]);

    // The entry changes in the next version: the rescreen raises it again.
    const next = un
      .replace('dateGenerated="2026-11-02', 'dateGenerated="2026-11-09')
      .replace("<YEAR>1980</YEAR>", "<YEAR>1979</YEAR>");
    const loaded = await admin("POST", `/admin/sanctions/lists/${id}/versions`, {
      format: "un_xml",
      content: next,
    });
    expect(await json(loaded)).toMatchObject({
      created: true,
      rescreens: 1,
      version: { version: 2, changed: 1 },
    });
    await screen(t, { listId: id, version: 2 });
    const after = await cases(t);
    expect(after.map((c) => [c.entryRef, c.state])).toEqual([
      ["CDi.902", "potential_match"],
      ["CDi.902", "false_positive"],
    ]);
    const audit = await shardRows<{ action: string }>(
      t,
      "SELECT action FROM tenant_audit_log WHERE tenant_id = ? AND action LIKE 'sanctions%' ORDER BY created_at",
      t.id,
    );
    expect(audit.map((a) => a.action)).toEqual([
      "sanctions.settings_updated",
      "sanctions_case.decided",
      "sanctions_case.decided",
    ]);

    // Four confirmations of the new case at once: one decides it, the others are refused, and
    // one decision event is recorded.
    const reopened = after.find((c) => c.state === "potential_match")!.caseId;
    const confirms = await Promise.all(
      Array.from({ length: 4 }, () =>
        call("POST", `/v1/sanctions/cases/${reopened}/decisions`, {
          key: t.key,
          body: { decision: "confirmed", reason: "same person" },
        }),
      ),
    );
    const statuses = confirms.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 400 || s === 409)).toBe(true);
    const decided = await shardRows<{ data: string }>(
      t,
      "SELECT data FROM events WHERE tenant_id = ? AND type = 'sanctions.case_decided'",
      t.id,
    );
    expect(decided.filter((e) => JSON.parse(e.data).caseId === reopened)).toHaveLength(1);
  });
});
