import { describe, expect, it } from "vitest";
import document from "../../openapi.json";

/**
 * The docs page's sidebar is the operations' summaries: a table of contents. Each is one short
 * line (at most 60 characters, docs/decisions/http-conventions.md#operation-summaries), unique in
 * the document; the detail goes in the operation's description.
 */
const MAX_SUMMARY_LENGTH = 60;

type Operation = { operationId?: string; summary?: string };
const METHODS = ["get", "put", "post", "delete", "patch", "head", "options", "trace"];
const operations = Object.entries(document.paths as Record<string, Record<string, Operation>>).flatMap(
  ([path, item]) =>
    Object.entries(item)
      .filter(([method]) => METHODS.includes(method))
      .map(([method, op]) => ({ at: `${method.toUpperCase()} ${path}`, summary: op.summary })),
);

describe("operation summaries in openapi.json", () => {
  it("finds the operations", () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it("every operation has a one-line summary of at most 60 characters", () => {
    const wrong = operations
      .filter(({ summary }) => !summary?.trim() || summary.length > MAX_SUMMARY_LENGTH || /\n/.test(summary))
      .map(
        ({ at, summary }) =>
          `${at}: ${summary === undefined ? "(missing)" : `${summary.length} "${summary}"`}`,
      );
    expect(wrong).toEqual([]);
  });

  it("no two operations share a summary", () => {
    const seen = new Map<string, string>();
    const shared: string[] = [];
    for (const { at, summary } of operations) {
      const first = seen.get(summary ?? "");
      if (first) shared.push(`"${summary}": ${first} and ${at}`);
      else seen.set(summary ?? "", at);
    }
    expect(shared).toEqual([]);
  });
});
