import 'server-only';
/** Methods that change something, and so must come from the shop's own pages. */
export function isMutation(method: string): boolean {
  return !['GET', 'HEAD', 'OPTIONS'].includes(method.toUpperCase());
}

/**
 * True when the request's Origin is the host it was sent to. Browsers always send Origin with
 * these requests and a page cannot forge it, so a form or script on another site is refused
 * (cross-site request forgery). A request without Origin is refused too.
 */
export function isSameOrigin(headers: Headers): boolean {
  const origin = headers.get('origin');
  const host = headers.get('x-forwarded-host')?.split(',')[0]?.trim() || headers.get('host');
  if (!origin || !host || origin === 'null') return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}
