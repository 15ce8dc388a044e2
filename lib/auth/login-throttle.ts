import 'server-only';
import { throttleKey, type ThrottleBucket, type ThrottlePolicy, type ThrottleStore, type ThrottleVerdict } from '@/lib/throttle/store';

/**
 * Failed admin logins are limited twice, in the database so that every server instance sees the
 * same counts: per username, whatever address the guesses come from (a client cannot walk around
 * it by changing its headers), and per client address when the address can be trusted
 * (TRUSTED_PROXY_HOPS). Past the limit each further guess waits a delay that doubles up to
 * maxDelaySeconds: the operator is slowed during an attack, never locked out for good. A browser
 * that signed in before (its device cookie, lib/auth/device-cookie.ts) is counted per username on
 * its own instead, so strangers' guesses never slow it. A success clears the counts.
 */
export const LOGIN_LIMIT = {
  perUsername: 5,
  perClient: 20,
  policy: { windowSeconds: 15 * 60, baseDelaySeconds: 15, maxDelaySeconds: 15 * 60 } satisfies ThrottlePolicy,
} as const;

export interface LoginThrottle {
  /**
   * Counts an attempt before the password is checked; blocked means it must be refused unchecked.
   * `device`: the id of a browser that signed in as this username before, or null.
   */
  attempt(username: string, client: string | null, device?: string | null): Promise<ThrottleVerdict>;
  /** Forgets the attempts counted with this one: the username's or the device's, and the client's (after a successful login). */
  succeeded(username: string, client: string | null, device?: string | null): Promise<void>;
}

/** `now` is the clock, injectable so that tests can let a delay pass without waiting. */
export function createLoginThrottle(store: ThrottleStore, now: () => Date = () => new Date()): LoginThrottle {
  const keysOf = (username: string, client: string | null, device: string | null) => ({
    user: throttleKey('login-username', username.trim().toLowerCase()),
    device: device === null ? null : throttleKey('login-device', `${username.trim().toLowerCase()} ${device}`),
    client: client === null ? null : throttleKey('login-client', client),
  });
  return {
    attempt: (username, client, device = null) => {
      const keys = keysOf(username, client, device);
      const buckets: ThrottleBucket[] = [{ key: keys.device ?? keys.user, limit: LOGIN_LIMIT.perUsername }];
      if (keys.client !== null) buckets.push({ key: keys.client, limit: LOGIN_LIMIT.perClient });
      return store.take(buckets, LOGIN_LIMIT.policy, now());
    },
    succeeded: (username, client, device = null) => {
      const keys = keysOf(username, client, device);
      // A known browser's success clears its own count only: strangers' guesses stay counted.
      return store.clear([keys.device ?? keys.user, keys.client].filter((key) => key !== null));
    },
  };
}
