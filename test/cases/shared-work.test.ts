import { beforeAll, describe, expect, it } from "vitest";
import { createTenant, shardRows, type TestTenant } from "../harness";
import { aml, fraud, type Kind, listIds, post } from "./helpers";

// Issue 37 item 1: assignment, tags and the close decisions are decided once, in the cases module,
// inside each case's order, and the projection (columns and tag rows) is written by one writer.
const tagRows = async (t: TestTenant, kind: Kind, id: string) =>
  (
    await shardRows<{ tag: string }>(
      t,
      `SELECT tag FROM ${kind.name}_case_tags WHERE tenant_id = ?1 AND case_id = ?2 ORDER BY tag`,
      t.id,
      id,
    )
  ).map((r) => r.tag);

describe("case work decided in the case's order, written by one writer", () => {
  let t: TestTenant;
  beforeAll(async () => {
    t = await createTenant({ name: "shared case work", shard: 0 });
  });

  it.each([fraud, aml])(
    "$name: one tag added once by concurrent requests; rows follow the projection",
    async (kind) => {
      const { id } = await kind.open(t);
      const answers = await Promise.all(
        [1, 2, 3].map(() => post(t, `${kind.base}/${id}/tags`, { add: ["dup"], actorId: "ana" })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409, 409]);
      expect((await kind.log(t, id)).filter((e) => e.type === "tag_added")).toHaveLength(1);
      expect(await tagRows(t, kind, id)).toEqual(["dup"]);

      const swap = await post(t, `${kind.base}/${id}/tags`, {
        add: ["kept"],
        remove: ["dup"],
        actorId: "ana",
      });
      expect(swap.status).toBe(200);
      expect((await kind.get(t, id)).tags).toEqual(["kept"]);
      expect(await tagRows(t, kind, id)).toEqual(["kept"]);
      expect(await listIds(t, kind, "tag=dup")).not.toContain(id);
      expect(await listIds(t, kind, "tag=kept")).toContain(id);
    },
  );

  it.each([fraud, aml])(
    "$name: of two concurrent unassignments one lands, the other finds no assignee",
    async (kind) => {
      const { id } = await kind.open(t);
      const assign = await post(t, `${kind.base}/${id}/assignment`, { assigneeId: "ana", actorId: "lead" });
      expect(assign.status).toBe(200);
      const answers = await Promise.all(
        [1, 2].map(() => post(t, `${kind.base}/${id}/assignment`, { assigneeId: null, actorId: "lead" })),
      );
      expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
      expect((await kind.log(t, id)).filter((e) => e.type === "unassigned")).toHaveLength(1);
      expect((await kind.get(t, id)).assignee).toBeNull();
      expect(await kind.chainValid(t, id)).toBe(true);
    },
  );
});
