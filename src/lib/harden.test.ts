import { describe, expect, it } from "vitest";
import { freezeWithOverrides } from "./harden";

// A stand-in prototype, so the test does not freeze Node's own Object.prototype for the run.
function sample() {
  const proto = { greet: () => "hello", constructor: Object } as Record<string, unknown>;
  freezeWithOverrides(proto);
  return proto;
}

describe("freezeWithOverrides", () => {
  it("refuses additions and changes to the prototype itself", () => {
    const proto = sample();
    expect(Object.isFrozen(proto)).toBe(true);
    expect(() => {
      proto.polluted = "yes";
    }).toThrow(TypeError);
    expect(() => {
      proto.greet = () => "pwned";
    }).toThrow(TypeError);
    expect((proto.greet as () => string)()).toBe("hello");
    expect(Object.create(proto).polluted).toBeUndefined();
  });

  it("lets an object inheriting from it own a property of the same name (no override mistake)", () => {
    const proto = sample();
    const record: Record<string, unknown> = Object.create(proto);
    const key = "constructor";
    record[key] = false;
    record.greet = "a value";
    expect(record.constructor).toBe(false);
    expect(record.greet).toBe("a value");
    expect(Object.keys(record)).toEqual(["constructor", "greet"]);
    expect(JSON.stringify(record)).toBe('{"constructor":false,"greet":"a value"}');
    // Other objects still see the prototype's values.
    expect((Object.create(proto) as { greet: () => string }).greet()).toBe("hello");
  });
});
