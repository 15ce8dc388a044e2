/** Server start (not `next build`): the admin login must be configured before any request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  // Imported only here, on Node: the check reads files and may end the process.
  const { exitUnlessAdminConfigured } = await import('./lib/auth/startup');
  await exitUnlessAdminConfigured();
}
