/** What a page section read: its value, or that the read failed. */
export type ReadOutcome<T> = { value: T } | { failed: true };

/**
 * Runs a section's read for a page: a failure is logged with `message` and answered as failed, so
 * that the page shows its error state instead of crashing (SPEC §8).
 */
export async function readOrFailed<T>(read: () => Promise<T>, message: string): Promise<ReadOutcome<T>> {
  try {
    return { value: await read() };
  } catch (cause) {
    console.error(message, cause);
    return { failed: true };
  }
}
