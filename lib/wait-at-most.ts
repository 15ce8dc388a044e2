/**
 * Resolves when `work` settles or after `ms`, whichever comes first, and never rejects: for a
 * request that may wait a little for a refresh under way (the shared cache tags, the SOL price)
 * but goes on with what is known when it takes longer. The refresh itself carries on.
 */
export function waitAtMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, ms);
  });
  const settled = work.then(
    () => {},
    () => {},
  );
  return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
}
