/**
 * Many cases' notes at once (aml/cases/service.ts appendCaseNotes, monitoring's page): system notes
 * are written by each case's object in one call per case, in order and chained; a note the service
 * seals (a person's) goes through the one-case append and is stored sealed
 * (docs/decisions/case-work.md#one-log-issue-37).
 */
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { loadTenantContext } from "../../src/db/tenant-context";
import { sealedSubject } from "../../src/lib/subject-sealed";
import { appendCaseNotes } from "../../src/modules/aml/cases/service";
import { aml } from "../cases/helpers";
import { createTenant, shardRows } from "../harness";

describe("appendCaseNotes", () => {
  it("writes each case's system notes in order in one call and seals a person's note", async () => {
    const t = await createTenant({ name: "aml case notes", shard: 0 });
    const [a, b] = [await aml.open(t), await aml.open(t)];
    const ctx = await loadTenantContext(env, t.id, "test");
    const system = (note: string) => ({
      eventType: "alert_added" as const,
      actorType: "system" as const,
      actorId: "monitoring",
      actorKeyId: null,
      note,
    });
    const results = await appendCaseNotes(ctx, [
      { caseId: a.id, input: system("a first") },
      { caseId: b.id, input: system("b only") },
      { caseId: a.id, input: system("a second") },
      { caseId: b.id, input: { ...system("seen at the branch"), actorType: "user", actorId: "ana" } },
      { caseId: crypto.randomUUID(), input: system("nobody's") },
    ]);
    expect(results.slice(0, 4)).toEqual([null, null, null, null]);
    expect(results[4]).toBeInstanceOf(Error);

    const history = (caseId: string) =>
      shardRows<{ sequence: number; note: string | null; actor_type: string }>(
        t,
        "SELECT sequence, note, actor_type FROM aml_case_history WHERE tenant_id = ? AND case_id = ? AND sequence > 1 ORDER BY sequence",
        t.id,
        caseId,
      );
    expect((await history(a.id)).map((h) => [h.sequence, h.note])).toEqual([
      [2, "a first"],
      [3, "a second"],
    ]);
    const ofB = await history(b.id);
    expect(ofB).toHaveLength(2);
    expect(ofB.find((h) => h.actor_type === "system")?.note).toBe("b only");
    const person = ofB.find((h) => h.actor_type === "user")!;
    expect(sealedSubject(person.note)).not.toBeNull();
    expect((await aml.log(t, b.id)).length).toBe(3);
    for (const c of [a, b]) expect(await aml.chainValid(t, c.id)).toBe(true);
  });
});
