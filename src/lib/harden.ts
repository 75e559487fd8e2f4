/**
 * Freezes a shared prototype the way SES does ("property overrides"): nothing can be added to
 * it or changed on it, yet an ordinary object may still get an own property of the same name.
 *
 * A plain Object.freeze(Object.prototype) makes `obj.constructor = x` or `obj.toString = x`
 * throw in strict code (the "override mistake"): every JSON key named like a built-in method
 * ("constructor", "toString", "valueOf", ...) would then crash whatever copies it into an object
 * (zod's record parser does), a 500 where the input deserves a 400 or simply works. So each data
 * property is first turned into an accessor whose setter defines an own property on the object
 * assigned to, and refuses an assignment to the prototype itself.
 */
export function freezeWithOverrides(prototype: object): void {
  for (const name of Reflect.ownKeys(prototype)) {
    const descriptor = Object.getOwnPropertyDescriptor(prototype, name);
    if (!descriptor || !("value" in descriptor) || !descriptor.configurable) continue;
    const { value } = descriptor;
    Object.defineProperty(prototype, name, {
      get: () => value,
      set(this: unknown, next: unknown) {
        if (this === prototype) throw new TypeError(`Cannot assign to ${String(name)} of a frozen prototype`);
        Object.defineProperty(this as object, name, {
          value: next,
          writable: true,
          enumerable: true,
          configurable: true,
        });
      },
      enumerable: descriptor.enumerable,
      configurable: false,
    });
  }
  Object.freeze(prototype);
}

/** The prototypes every request of the isolate shares (docs/decisions/input-hardening.md). */
export function hardenSharedPrototypes(): void {
  for (const prototype of [Object.prototype, Array.prototype, Function.prototype]) {
    if (!Object.isFrozen(prototype)) freezeWithOverrides(prototype);
  }
}
