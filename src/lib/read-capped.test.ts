import { describe, expect, it } from "vitest";
import { readCapped } from "./read-capped";

const streamed = (parts: string[]) =>
  new Response(
    new ReadableStream<Uint8Array>({
      start(controller) {
        for (const p of parts) controller.enqueue(new TextEncoder().encode(p));
        controller.close();
      },
    }),
  );

describe("readCapped", () => {
  it("reads a body under the cap whole", async () => {
    const { bytes, truncated } = await readCapped(streamed(["ab", "cd"]), 4);
    expect(new TextDecoder().decode(bytes)).toBe("abcd");
    expect(truncated).toBe(false);
  });

  it("stops at the cap, mid-chunk, and says so", async () => {
    const { bytes, truncated } = await readCapped(streamed(["abc", "def", "ghi"]), 5);
    expect(new TextDecoder().decode(bytes)).toBe("abcde");
    expect(truncated).toBe(true);
  });

  it("an empty body is empty", async () => {
    expect((await readCapped(new Response(null), 10)).bytes.byteLength).toBe(0);
  });
});
