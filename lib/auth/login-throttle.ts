import 'server-only';
import { throttleKey, type ThrottleBucket, type ThrottlePolicy, type ThrottleStore, type ThrottleVerdict } from '@/lib/throttle/store';

/**
 * Failed admin logins are limited twice, in the database so that every server instance sees the
 * same counts: per username, whatever address the guesses come from (a client cannot walk around
 * it by changing its headers), and per client address when the address can be trusted
 * (TRUSTED_PROXY_HOPS). Past the limit each further guess waits a delay that doubles up to
 * maxDelaySeconds: the operator is slowed during an attack, never locked out for good. A success
 * clears both counts.
 */
export const LOGIN_LIMIT = {
  perUsername: 5,
  perClient: 20,
  policy: { windowSeconds: 15 * 60, baseDelaySeconds: 15, maxDelaySeconds: 15 * 60 } satisfies ThrottlePolicy,
} as const;

export interface LoginThrottle {
  /** Counts an attempt before the password is checked; blocked means it must be refused unchecked. */
  attempt(username: string, client: string | null): Promise<ThrottleVerdict>;
  /** Forgets the attempts of the username and the client (after a successful login). */
  succeeded(username: string, client: string | null): Promise<void>;
}

/** `now` is the clock, injectable so that tests can let a delay pass without waiting. */
export function createLoginThrottle(store: ThrottleStore, now: () => Date = () => new Date()): LoginThrottle {
  const keysOf = (username: string, client: string | null) => ({
    user: throttleKey('login-username', username.trim().toLowerCase()),
    client: client === null ? null : throttleKey('login-client', client),
  });
  return {
    attempt: (username, client) => {
      const keys = keysOf(username, client);
      const buckets: ThrottleBucket[] = [{ key: keys.user, limit: LOGIN_LIMIT.perUsername }];
      if (keys.client !== null) buckets.push({ key: keys.client, limit: LOGIN_LIMIT.perClient });
      return store.take(buckets, LOGIN_LIMIT.policy, now());
    },
    succeeded: (username, client) => {
      const keys = keysOf(username, client);
      return store.clear(keys.client === null ? [keys.user] : [keys.user, keys.client]);
    },
  };
}
