/**
 * One statement for the reads asked for in the same turn of the event loop.
 *
 * `read(key)` answers what `readAll(keys)` gives at that key's index. The keys asked for before
 * the next `setImmediate` (all the requests whose bytes arrived in one poll of the sockets) go
 * to the database together, at most `max` at a time; each read still starts after it was asked
 * for, so it sees every write committed before it, as a statement of its own would. Under load
 * this turns a round trip per request into one per turn: on the profile call it took PostgreSQL
 * from about 6,500 to about 12,000 requests a second on two cores (docs/performance.md).
 * When `readAll` fails, every read of its batch fails with the same error.
 */
export function batched<K, R>(readAll: (keys: K[]) => Promise<R[]>, max = 100): (key: K) => Promise<R> {
  type TAsked = { key: K; resolve: (value: R) => void; reject: (error: unknown) => void };
  let asked: TAsked[] = [];

  function flush() {
    const all = asked;
    asked = [];
    for (let start = 0; start < all.length; start += max) {
      const batch = all.slice(start, start + max);
      void readAll(batch.map((one) => one.key)).then(
        (answers) => batch.forEach((one, index) => one.resolve(answers[index] as R)),
        (error: unknown) => batch.forEach((one) => one.reject(error)),
      );
    }
  }

  return (key) =>
    new Promise<R>((resolve, reject) => {
      asked.push({ key, resolve, reject });
      if (asked.length === 1) setImmediate(flush);
    });
}
