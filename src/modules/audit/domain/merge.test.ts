import { describe, expect, it } from "vitest";
import { mergeNewestFirst } from "./merge";
import type { AuditEntry } from "./types";

const entry = (id: string): AuditEntry => ({
  id,
  actor: { type: "system", id: "test" },
  action: "tenant.created",
  target: { type: "tenant", id: "t" },
  tenantId: null,
  before: null,
  after: null,
  requestId: "r",
  createdAt: "2026-01-01T00:00:00.000Z",
});

describe("mergeNewestFirst", () => {
  it("pages through the union of sources newest first without skipping or repeating", () => {
    const a = ["09", "07", "04", "01"].map(entry);
    const b = ["08", "06", "05", "03", "02"].map(entry);
    const pages = [0, 3, 6].map((offset) =>
      mergeNewestFirst([a.slice(0, offset + 3), b.slice(0, offset + 3)], 3, offset).map((e) => e.id),
    );
    expect(pages).toEqual([
      ["09", "08", "07"],
      ["06", "05", "04"],
      ["03", "02", "01"],
    ]);
  });
});
