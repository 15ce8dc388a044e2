/**
 * Whether `error` is the store error named `name`. Told by name, not instanceof: the stores are
 * made once per process (lib/db/stores.ts) by whichever server bundle asks first, so an error they
 * throw may be built from another bundle's copy of its class than the one the catching code
 * imports, and instanceof would miss it (an admin edit answered 500 instead of 409 that way).
 */
export function isStoreError(error: unknown, name: string): error is Error {
  return error instanceof Error && error.name === name;
}
