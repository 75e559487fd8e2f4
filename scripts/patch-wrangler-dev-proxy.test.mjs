import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { PATCHED, patch, target } from "./patch-wrangler-dev-proxy.mjs";

/**
 * The installed ProxyWorker, patched in memory (node_modules is not written here), its
 * processQueue run in Node against a fetch that fails as a dropped keep-alive connection does.
 */
function proxyClass(source) {
  const body = /var ProxyWorker = class \{[\s\S]*?\n\};\n/.exec(source)?.[0];
  expect(body, "ProxyWorker class not found in the installed wrangler").toBeDefined();
  const helpers = /function urlFromParts\([\s\S]*?\n}\n/.exec(source)[0];
  return (fetchImpl) =>
    new Function(
      "fetch",
      "rewriteUrlRelatedHeaders",
      "checkForPreviewTokenError",
      "isHtmlResponse",
      "isSseResponse",
      "sendMessageToProxyController",
      `${helpers}; ${body}; return ProxyWorker;`,
    )(
      fetchImpl,
      () => {},
      async () => {},
      () => false,
      () => false,
      async () => {
        throw new Error("reported to the controller (fatal in wrangler dev)");
      },
    );
}

/** One request through the proxy; the runtime's first `failures` fetches fail. */
async function proxied(source, method, failures) {
  let calls = 0;
  const ProxyWorker = proxyClass(source)(async () => {
    calls++;
    if (calls <= failures) throw new Error("Network connection lost.");
    return new Response("answered by the Worker", { status: 200 });
  });
  const proxy = new ProxyWorker({}, {});
  proxy.proxyData = {
    userWorkerUrl: { protocol: "http:", hostname: "127.0.0.1", port: "9999" },
    headers: {},
  };
  let settled = false;
  const answer = new Promise((resolve) => {
    proxy.requestQueue.set(new Request("http://localhost:8787/v1/customers?limit=1", { method }), {
      resolve: (res) => resolve(res),
      reject: (err) => resolve(err),
    });
    proxy.processQueue();
  }).then((res) => {
    settled = true;
    return res;
  });
  await Promise.race([answer, new Promise((r) => setTimeout(r, 100))]);
  return { settled, res: settled ? await answer : undefined, calls };
}

const installed = readFileSync(target, "utf8");

describe("wrangler dev proxy patch (postinstall)", () => {
  it("unpatched, a GET whose connection drops is parked with no answer; a POST gets 'restarted'", async () => {
    if (installed.includes(PATCHED)) return; // the shared install is already patched
    const get = await proxied(installed, "GET", 1);
    expect(get.settled).toBe(false);
    const post = await proxied(installed, "POST", 1);
    expect(post.res.status).toBe(503);
    expect(await post.res.text()).toMatch(/restarted mid-request/);
  });

  it("patched, the GET is sent again on the same runtime and answered", async () => {
    const get = await proxied(patch(installed), "GET", 1);
    expect(get.settled).toBe(true);
    expect(get.res.status).toBe(200);
    expect(get.calls).toBe(2);
  });

  it("patched, a GET that keeps failing and a POST answer 503 with Retry-After, saying what happened", async () => {
    for (const [method, failures, calls] of [
      ["GET", 10, 3],
      ["POST", 1, 1],
    ]) {
      const r = await proxied(patch(installed), method, failures);
      expect(r.settled).toBe(true);
      expect(r.calls).toBe(calls);
      expect(r.res.status).toBe(503);
      expect(r.res.headers.get("Retry-After")).toBe("1");
      expect(await r.res.text()).toMatch(/dropped the connection/);
    }
  });

  it("is idempotent and leaves a source without the pattern alone", () => {
    const once = patch(installed);
    expect(once).toContain(PATCHED);
    // A clean install ran the postinstall already: the installed copy is the patched one.
    if (installed.includes(PATCHED)) expect(once).toBe(installed);
    else expect(once).not.toBe(installed);
    expect(patch(once)).toBe(once);
    expect(patch("fixed upstream")).toBe("fixed upstream");
  });
});
