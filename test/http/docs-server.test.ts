import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import committed from "../../openapi.json";

/**
 * The docs page's "try it" calls the document's server, so the served document names the origin
 * the request came to (any port, any host), not the committed file's fixed local address.
 */
const worker = (exports as unknown as { default: Fetcher }).default;

type Served = { servers: { url: string }[]; paths: Record<string, unknown> };

describe("the server of the served document and the docs page", () => {
  it("is the origin the document was fetched from", async () => {
    for (const origin of ["http://127.0.0.1:9999", "http://localhost:8788", "https://api.lender.example"]) {
      const res = await worker.fetch(new Request(`${origin}/v1/openapi.json`));
      expect(res.status).toBe(200);
      const served = await res.json<Served>();
      expect(served.servers.map((s) => s.url)).toEqual([origin]);
      expect(Object.keys(served.paths)).toEqual(Object.keys(committed.paths));
    }
    expect(committed.servers.map((s) => s.url)).toEqual(["http://localhost:8787"]);
  });

  it("serves the committed document but for its server", async () => {
    const res = await worker.fetch(new Request("http://127.0.0.1:9999/v1/openapi.json"));
    expect(res.headers.get("content-type")).toBe("application/json");
    const served = await res.json<Served>();
    // Built in the Worker (its response schemas loaded for it) as scripts/openapi.mjs builds the file.
    expect({ ...served, servers: committed.servers }).toEqual(committed);
  });

  it("is what the docs page reads: it loads the document from its own origin", async () => {
    const page = await worker.fetch(new Request("http://127.0.0.1:9999/v1/docs"));
    expect(page.status).toBe(200);
    const documentPath = (await page.text()).match(/url: "([^"]+)"/)?.[1];
    expect(documentPath).toBe("/v1/openapi.json");
    const served = await (
      await worker.fetch(new Request(new URL(documentPath!, "http://127.0.0.1:9999/v1/docs")))
    ).json<Served>();
    expect(served.servers).toEqual([{ url: "http://127.0.0.1:9999", description: "This server" }]);
  });
});
