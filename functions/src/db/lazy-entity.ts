/**
 * An ElectroDB entity built on its first use instead of when its module loads (docs/decisions.md D78).
 * Building one parses its model, keys and indexes (about a millisecond of CPU each), and a bundle
 * carries every entity its modules name — the write transaction's map alone names fourteen — while a
 * request uses a few. The value is a Proxy that builds the entity the first time anything reads or
 * asks anything of it and from then on forwards everything to it, prototype included; its methods run
 * with the Proxy as `this`, which forwards to the same entity. Every test of the data layer runs on it.
 *
 * Each call is marked pure (the `@__PURE__` comment before it): it has no side effects, and so marked,
 * a bundle that never reads the entity leaves it and its model out even when it takes another entity
 * from the same module (docs/decisions.md D81).
 */
export function lazyEntity<E extends object>(build: () => E): E {
  let built: E | undefined;
  const entity = (): E => {
    built ??= build();
    return built;
  };
  // The target is a bare, extensible object, so that every answer below keeps the Proxy's invariants
  // (a property the target lacks may be reported if it is configurable).
  return new Proxy(Object.create(null) as E, {
    get: (_, key) => Reflect.get(entity(), key),
    set: (_, key, value) => Reflect.set(entity(), key, value),
    has: (_, key) => Reflect.has(entity(), key),
    deleteProperty: (_, key) => Reflect.deleteProperty(entity(), key),
    ownKeys: () => Reflect.ownKeys(entity()),
    getOwnPropertyDescriptor: (_, key) => {
      const descriptor = Reflect.getOwnPropertyDescriptor(entity(), key);
      return descriptor && { ...descriptor, configurable: true };
    },
    defineProperty: (_, key, descriptor) => Reflect.defineProperty(entity(), key, descriptor),
    getPrototypeOf: () => Reflect.getPrototypeOf(entity()),
  });
}
