/** An error as one line for the log: its message only (a stack or a cause could carry request data). */
export function errorMessage(error: unknown): string {
  return (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').slice(0, 300);
}
