/** Server start (not `next build`): the admin login must be configured before any request. */
export async function register() {
  if (process.env.NEXT_RUNTIME !== 'nodejs' || process.env.NEXT_PHASE === 'phase-production-build') return;
  const { checkAdminCredentialsAtStart } = await import('./lib/auth/startup');
  try {
    await checkAdminCredentialsAtStart();
  } catch (error) {
    console.error(`ORX cannot start: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  }
}
