/**
 * A one-argument factory whose results are kept by argument: the same call returns the same
 * object. For immutable values built often with few distinct arguments (a zod string of a
 * given length), so an isolate holds one of each rather than one per use.
 */
export function sharedByKey<K, V>(make: (key: K) => V): (key: K) => V {
  const made = new Map<K, V>();
  return (key) => {
    let value = made.get(key);
    if (value === undefined) {
      value = make(key);
      made.set(key, value);
    }
    return value;
  };
}
