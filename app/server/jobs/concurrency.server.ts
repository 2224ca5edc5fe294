// Bounded concurrency for the jobs' work items (a batch's charges, the expiry's orders): a few at
// once so a job overlaps its round trips without taking the store's pool (issue 17, goal 9).

/**
 * Runs `work` over `items` with at most `limit` at once, the answers in the items' order. The
 * first failure stops new items from starting and is thrown once those in flight have settled.
 */
export async function mapBounded<T, R>(items: readonly T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  let failed: { error: unknown } | undefined;
  const lane = async () => {
    while (next < items.length && !failed) {
      const i = next++;
      try {
        results[i] = await work(items[i]!);
      } catch (error) {
        failed ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, lane));
  if (failed) throw failed.error;
  return results;
}
