/**
 * Resolves when `work` settles or after `ms`, whichever comes first, and never rejects: for a
 * request that may wait a little for a refresh under way (the shared cache tags, the SOL price)
 * or a read (a page section, components/layout/in-document-when-ready.tsx) but goes on when it
 * takes longer. The work itself carries on. Resolves to whether `work` settled in time.
 */
export function waitAtMost(work: Promise<unknown>, ms: number): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<boolean>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  const settled = work.then(
    () => true,
    () => true,
  );
  return Promise.race([settled, waited]).finally(() => clearTimeout(timer));
}
