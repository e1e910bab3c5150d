/**
 * `items.map(work)` with at most `inFlight` calls of `work` pending at a time, the results in the
 * items' order. A list page reads each of its prompts from the library: sent all at once, the last
 * reads wait behind the whole page in a busy library and their timeouts run out while they wait;
 * in turns, each read's time is its own. The first failure fails the whole map, as Promise.all.
 */
export async function mapInTurns<Item, Result>(
  items: readonly Item[],
  inFlight: number,
  work: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  if (!Number.isInteger(inFlight) || inFlight < 1)
    throw new RangeError(`inFlight must be 1 or more, not ${inFlight}`);
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index]);
    }
  };
  await Promise.all(Array.from({ length: Math.min(inFlight, items.length) }, worker));
  return results;
}
