/** A load that failed, in the admin panel's tabs: the server's message and a Retry button. */
export function RetryAlert({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-4 py-3 text-sm text-sold">
      {message}{' '}
      <button type="button" onClick={onRetry} className="underline underline-offset-4">
        Retry
      </button>
    </p>
  );
}
