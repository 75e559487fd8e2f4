import { describe, expect, it } from "vitest";
import { type Target, targetParts } from "./targets";

/** The ids a target holds among `ids`, as the repo's filter reads it (after < id <= through). */
const holds = (target: Target, ids: string[]) =>
  ids.filter((id) =>
    target.kind === "ids"
      ? target.ids.includes(id)
      : target.kind === "all" || ((target.afterId === null || id > target.afterId) && id <= target.throughId),
  );

describe("targetParts", () => {
  const ids = Array.from({ length: 7 }, (_, i) => `c${i}`);

  it("cuts a range, all or named ids into parts that hold each id once, in order", () => {
    const targets: Target[] = [
      { kind: "all" },
      { kind: "range", afterId: "b", throughId: "c6" },
      { kind: "ids", ids },
    ];
    for (const target of targets) {
      const parts = targetParts(target, ids, 3);
      expect(parts.map((p) => holds(p, ids).length)).toEqual([3, 3, 1]);
      expect(parts.flatMap((p) => holds(p, ids))).toEqual(holds(target, ids));
    }
  });

  it("keeps a range's own start for its first part", () => {
    const [first] = targetParts({ kind: "range", afterId: "b", throughId: "c6" }, ids, 3);
    expect(first).toEqual({ kind: "range", afterId: "b", throughId: "c2" });
  });

  it("no customers, no parts", () => {
    expect(targetParts({ kind: "all" }, [], 3)).toEqual([]);
  });
});
