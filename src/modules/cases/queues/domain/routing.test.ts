import { describe, expect, it } from "vitest";
import {
  matches,
  medianAgeHours,
  pickQueue,
  type QueueCriteria,
  type RoutableCase,
  riskRank,
} from "./routing";

const queue = (id: string, priority: number, over: Partial<QueueCriteria> = {}): QueueCriteria => ({
  id,
  priority,
  createdAt: "2026-01-01T00:00:00.000Z",
  kinds: [],
  typologies: [],
  minRiskLevel: null,
  ...over,
});
const amlCase: RoutableCase = {
  kind: "aml",
  caseId: "c1",
  typologies: ["AML-LCT-001"],
  riskLevel: "high",
  dueAt: null,
};

describe("queue routing", () => {
  it("matches on kind, typology and minimum level, empty criteria matching anything", () => {
    expect(matches(queue("q", 1), amlCase)).toBe(true);
    expect(matches(queue("q", 1, { kinds: ["fraud"] }), amlCase)).toBe(false);
    expect(matches(queue("q", 1, { typologies: ["AML-STR-002", "AML-LCT-001"] }), amlCase)).toBe(true);
    expect(matches(queue("q", 1, { typologies: ["AML-STR-002"] }), amlCase)).toBe(false);
    expect(matches(queue("q", 1, { minRiskLevel: "high" }), amlCase)).toBe(true);
    expect(matches(queue("q", 1, { minRiskLevel: "critical" }), amlCase)).toBe(false);
  });

  it("picks the first matching queue by priority, ties by creation then id", () => {
    const critical = queue("critical", 1, { minRiskLevel: "critical" });
    const aml = queue("aml", 2, { kinds: ["aml"] });
    const catchAll = queue("all", 3);
    expect(pickQueue([catchAll, aml, critical], amlCase)?.id).toBe("aml");
    expect(pickQueue([catchAll, critical], { ...amlCase, riskLevel: "critical" })?.id).toBe("critical");
    expect(pickQueue([critical], amlCase)).toBeNull();
    const b = queue("b", 1);
    const a = queue("a", 1);
    expect(pickQueue([b, a], amlCase)?.id).toBe("a");
    expect(pickQueue([a, { ...b, createdAt: "2025-12-31T00:00:00.000Z" }], amlCase)?.id).toBe("b");
  });

  it("ranks levels low 1 .. critical 4", () => {
    expect(["low", "medium", "high", "critical"].map((l) => riskRank(l as never))).toEqual([1, 2, 3, 4]);
  });

  it("takes the median age of odd and even counts, null for none", () => {
    const now = new Date("2026-01-02T00:00:00.000Z");
    const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();
    expect(medianAgeHours([], now)).toBeNull();
    expect(medianAgeHours([hoursAgo(1), hoursAgo(10), hoursAgo(3)], now)).toBe(3);
    expect(medianAgeHours([hoursAgo(1), hoursAgo(10), hoursAgo(3), hoursAgo(4)], now)).toBe(3.5);
  });
});
