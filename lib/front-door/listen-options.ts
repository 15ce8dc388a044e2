/** A whole number from `min` up (0 for a port: any free one), or the server does not start. */
export function wholeNumber(name: string, text: string, min: number): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < min) {
    console.error(`ORX server: ${name} must be a whole number from ${min}, not ${JSON.stringify(text)}`);
    process.exit(1);
  }
  return value;
}

/** The server's own address as its processes reach it, as `next start` records it. */
export function ownOrigin(hostname: string | undefined, port: number): string {
  const host = !hostname || hostname === '0.0.0.0' ? 'localhost' : hostname === '::' ? '[::1]' : hostname.includes(':') ? `[${hostname}]` : hostname;
  return `http://${host}:${port}`;
}
