import 'server-only';
import { throttleKey, type ThrottleBucket, type ThrottlePolicy, type ThrottleStore, type ThrottleVerdict } from '@/lib/throttle/store';

/**
 * Failed admin logins are limited twice, in the database so that every server instance sees the
 * same counts: per username, whatever address the guesses come from (a client cannot walk around
 * it by changing its headers), and per client address across usernames whenever the address the
 * server or its trusted proxy saw is known (lib/http/client-address.ts: TRUSTED_PROXY_HOPS, or the
 * socket's address under ORX's server). Past the limit each further guess waits a delay that
 * doubles up to maxDelaySeconds: the operator is slowed during an attack, never locked out for
 * good. A browser that signed in before (its device cookie, lib/auth/device-cookie.ts) is counted
 * on its own instead, per username, and not with its address: strangers' guesses, from anywhere
 * or from behind the same router, never slow it. A success clears the username's (or the
 * device's) count, and gives the address its own attempt back without clearing the rest: the
 * address counts failures, and signing in to one's own account buys no more guesses at others'.
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
  /** After a successful login: forgets the username's or the device's attempts, and gives the client's count this attempt back. */
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
      const buckets: ThrottleBucket[] =
        keys.device !== null
          ? [{ key: keys.device, limit: LOGIN_LIMIT.perUsername }]
          : [{ key: keys.user, limit: LOGIN_LIMIT.perUsername }, ...(keys.client === null ? [] : [{ key: keys.client, limit: LOGIN_LIMIT.perClient }])];
      return store.take(buckets, LOGIN_LIMIT.policy, now());
    },
    succeeded: async (username, client, device = null) => {
      const keys = keysOf(username, client, device);
      // A known browser's success clears its own count only: strangers' guesses stay counted.
      await store.clear([keys.device ?? keys.user]);
      // The address's count keeps its failures: a sign-in costs it nothing and erases none of them.
      if (keys.device === null && keys.client !== null) await store.giveBack([{ key: keys.client, limit: LOGIN_LIMIT.perClient }]);
    },
  };
}
