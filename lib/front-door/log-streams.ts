/**
 * A log whose reader is gone (a closed pipe: the log shipper or the process supervisor reading it
 * ended) must not stop the server. Node reports a failed write to stdout or stderr as an 'error'
 * event of the stream; without a listener it becomes an uncaught exception, which Next.js's handler
 * logs with console.error to that same closed stream: the process then turns in that loop at full
 * CPU and answers no request again. Such a failure has nowhere left to be reported, so it is dropped.
 */
export function keepServingWithoutLogReader(): void {
  for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});
}
