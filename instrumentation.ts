/**
 * Server start (not `next build`): the admin login and the payment settings are checked before
 * any request; then the settlement loop starts (lib/jobs/loop.ts).
 */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // Imported only here, on Node: the check reads files and may end the process.
  const { exitUnlessConfigured } = await import('@/lib/shop/startup');
  await exitUnlessConfigured();
  const { startBackgroundLoop } = await import('./lib/jobs/loop');
  startBackgroundLoop();
}
