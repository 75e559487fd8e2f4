import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { patch, target } from "./patch-vitest-pool-workers.mjs";

/** The installed pool's wrapper factory, evaluated in Node with a plain class standing in for WorkerEntrypoint. */
function installedFactory() {
  const source = readFileSync(target, "utf8");
  const fn = /function createProxyPrototypeClass\([\s\S]*?\n}\n/.exec(source)?.[0];
  expect(fn, "createProxyPrototypeClass not found in the installed pool").toBeDefined();
  return new Function("IGNORED_KEYS", `${fn}; return createProxyPrototypeClass;`)(["self"]);
}

describe("vitest-pool-workers wrapper patch (postinstall)", () => {
  it("installs the prototype proxy once however many times workerd constructs the wrapper", () => {
    class Base {}
    const Wrapper = installedFactory()(Base, (key) => `rpc:${key}`);
    Wrapper.prototype.fetch = () => "fetched";
    new Wrapper();
    const afterFirst = Wrapper.prototype;
    for (let i = 0; i < 100; i++) new Wrapper();
    expect(Wrapper.prototype).toBe(afterFirst);
    // The proxy still answers as before: own methods, unknown keys delegated, ignored keys not.
    const instance = new Wrapper();
    expect(instance.fetch()).toBe("fetched");
    expect(instance.someRpcMethod).toBe("rpc:someRpcMethod");
    expect(instance.self).toBeUndefined();
    expect(instance).toBeInstanceOf(Base);
  });

  it("is idempotent and leaves a source without the pattern alone", () => {
    const buggy =
      "x\n\tfunction Class(...args) {\n\t\tClass.prototype = new Proxy(Class.prototype, { get() {} });\n";
    const once = patch(buggy);
    expect(once).not.toBe(buggy);
    expect(patch(once)).toBe(once);
    expect(patch("already fixed upstream")).toBe("already fixed upstream");
  });
});
