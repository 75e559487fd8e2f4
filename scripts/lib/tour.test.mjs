import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { expectedStatuses, label, tourCommands } from "./tour.mjs";

const fence = "`".repeat(3);
const page = (...blocks) =>
  blocks.map(([lang, body]) => `Text.\n\n${fence}${lang}\n${body}\n${fence}\n`).join("\n");

describe("docs/tour.md commands (npm run check:tour)", () => {
  it("splits a block as bash reads it: continued lines, pipes and open quotes stay in one command", () => {
    const commands = tourCommands(
      page([
        "sh",
        [
          "# a comment",
          "A=1",
          "",
          'curl -s -X POST "$BASE/v1/x" \\',
          "  -d '{\"a\":1}'",
          "printf 'x' |",
          '  curl -s --data-binary @- "$BASE/v1/y"',
          "B='two",
          "lines'",
        ].join("\n"),
      ]),
    );
    expect(commands.map((c) => c.text.split("\n").length)).toEqual([1, 2, 2, 2]);
    expect(commands.map((c) => c.line)).toEqual([5, 7, 9, 11]);
  });

  it("runs only sh and bash blocks, numbering the runnable ones", () => {
    const commands = tourCommands(page(["sh", "A=1"], ["json", '{"a": 1}'], ["", "B=2"], ["bash", "C=3"]));
    expect(commands.map((c) => [c.text, c.block])).toEqual([
      ["A=1", 0],
      ["C=3", 1],
    ]);
  });

  it("keeps to one section when asked (README's first example)", () => {
    const markdown = [
      "## Two commands",
      "```sh",
      "npm start",
      "```",
      "## A first example",
      "```sh",
      "A=1",
      "```",
      "### Detail",
      "```sh",
      "B=2",
      "```",
      "## Deploying",
      "```sh",
      "npm run deploy",
      "```",
    ].join("\n");
    expect(tourCommands(markdown, { under: "## A first example" }).map((c) => c.text)).toEqual([
      "A=1",
      "B=2",
    ]);
  });

  it("refuses a command left open at its block's end", () => {
    expect(() => tourCommands(page(["sh", 'curl -s "$BASE/v1/x" \\']))).toThrow(/not complete/);
  });

  it("reads the statuses a command expects from its `# expect` comment", () => {
    expect([...expectedStatuses('curl -s "$BASE/v1/x"   # expect 409 while a run goes on')]).toEqual([409]);
    expect([...expectedStatuses("curl ... # expect 404, 409")]).toEqual([404, 409]);
    expect([...expectedStatuses('curl -s "$BASE/v1/x"')]).toEqual([]);
  });

  it("names a command by its requests' methods and paths", () => {
    expect(label('curl -s -H "Authorization: Bearer $KEY" "$BASE/v1/customers?limit=5"')).toBe(
      "GET /v1/customers?limit=5",
    );
    expect(
      label(
        `X=$(curl -s -H 'content-type: application/json' \\\n  -d "{\\"to\\":\\"$(ago 0)\\"}" "$BASE/v1/b" | json 'it.id')`,
      ),
    ).toBe("POST /v1/b");
    expect(label('E=$(curl -s -o /dev/null -D - "$BASE/v1/c" | tr -d "\\r")')).toBe("GET /v1/c");
    expect(label("A=1")).toBe("A=1");
  });

  it("parses the tour itself", () => {
    const commands = tourCommands(readFileSync(new URL("../../docs/tour.md", import.meta.url), "utf8"));
    expect(commands.length).toBeGreaterThan(50);
    const unnamed = commands.filter((c) => c.text.includes("curl") && / \?(;|$)/.test(label(c.text)));
    expect(unnamed.map((c) => c.line)).toEqual([]);
  });
});
