import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  FAST_ESCAPE,
  miniflareTarget,
  NO_DEFLATE,
  patchMiniflare,
  patchPool,
  poolTarget,
  SLOW_ESCAPE,
} from "./patch-pool-transport.mjs";

/** devalue's string escaper as the installed pool defines it, given the body of stringify_string. */
function escaper(stringifyString) {
  const source = readFileSync(poolTarget, "utf8");
  const helper = /function get_escaped_char\(char\) {[\s\S]*?\n}\n/.exec(source)?.[0];
  expect(helper, "get_escaped_char not found in the installed pool").toBeDefined();
  return new Function(`${helper}${stringifyString}; return stringify_string;`)();
}

describe("pool transport patch (postinstall)", () => {
  it("escapes strings exactly as devalue does, and they parse back to themselves", () => {
    const slow = escaper(SLOW_ESCAPE);
    const fast = escaper(FAST_ESCAPE);
    const every = String.fromCharCode(...Array.from({ length: 0x2100 }, (_, i) => i));
    const samples = ["", "plain", 'a"b\\c<d>\n\r\t\b\f\u2028\u2029\u0000\u001f\u007f é 𝄞', every];
    for (const s of samples) {
      expect(fast(s)).toBe(slow(s));
      expect(JSON.parse(fast(s))).toBe(s);
    }
    // A lone surrogate: devalue writes it raw (not valid UTF-8 on the socket), the patch as its
    // escape; both read back as the same string.
    expect(JSON.parse(fast("x\ud800y"))).toBe(JSON.parse(slow("x\ud800y")));
  });

  it("finds its patterns in the installed pool and Miniflare, once, and leaves other sources alone", () => {
    for (const [target, patch, patched] of [
      [poolTarget, patchPool, FAST_ESCAPE],
      [miniflareTarget, patchMiniflare, NO_DEFLATE],
    ]) {
      const once = patch(readFileSync(target, "utf8"));
      expect(once, target).toContain(patched);
      expect(once.split(patched)).toHaveLength(2);
      expect(patch(once)).toBe(once);
    }
    expect(patchPool("fixed upstream")).toBe("fixed upstream");
    expect(patchMiniflare("fixed upstream")).toBe("fixed upstream");
  });

  it("the installed ws opens without compression and sends zero-masked frames that arrive intact", async () => {
    const require = createRequire(miniflareTarget);
    const { WebSocket, WebSocketServer } = require("ws");
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1", perMessageDeflate: true });
    await new Promise((resolve) => server.once("listening", resolve));
    const received = new Promise((resolve) =>
      server.once("connection", (socket) => socket.once("message", (data) => resolve(String(data)))),
    );
    const client = new WebSocket(`ws://127.0.0.1:${server.address().port}`, {
      perMessageDeflate: false,
      generateMask: (mask) => mask.fill(0),
    });
    await new Promise((resolve) => client.once("open", resolve));
    expect(client.extensions).toBe("");
    const message = "é".repeat(70_000);
    client.send(message);
    expect(await received).toBe(message);
    client.close();
    await new Promise((resolve) => server.close(resolve));
  });
});
