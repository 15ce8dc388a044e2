import { describe, expect, it, vi } from 'vitest';
import { clientAddress, seenClientAddress, SOCKET_ADDRESS_HEADER, FRONT_DOOR_FLAG, trustedClientAddress } from '@/lib/http/client-address';

const headersOf = (init: Record<string, string>) => new Headers(init);

describe('the client address of the rate limits', () => {
  it('believes no header without a trusted proxy', () => {
    expect(clientAddress(headersOf({ 'x-forwarded-for': '198.51.100.1', 'x-real-ip': '198.51.100.2', forwarded: 'for=198.51.100.3' }), 0)).toBeNull();
  });

  it('takes the entry the nearest trusted proxies appended, not what the client wrote before it', () => {
    const headers = headersOf({ 'x-forwarded-for': '1.2.3.4, 198.51.100.9, 10.0.0.2' });
    expect(clientAddress(headers, 1)).toBe('10.0.0.2');
    expect(clientAddress(headers, 2)).toBe('198.51.100.9');
  });

  it('knows nothing when fewer entries arrive than proxies are configured, or the entry is no address', () => {
    expect(clientAddress(headersOf({ 'x-forwarded-for': '198.51.100.9' }), 2)).toBeNull();
    expect(clientAddress(headersOf({}), 1)).toBeNull();
    expect(clientAddress(headersOf({ 'x-forwarded-for': 'not-an-address' }), 1)).toBeNull();
    expect(clientAddress(headersOf({ 'x-real-ip': '198.51.100.9' }), 1)).toBeNull();
  });

  it('reads IPv6 addresses in one spelling', () => {
    expect(clientAddress(headersOf({ 'x-forwarded-for': '2001:DB8::1' }), 1)).toBe('2001:db8::1');
  });

  it('reads IPv4-mapped IPv6 as the IPv4 address it carries', () => {
    expect(clientAddress(headersOf({ 'x-forwarded-for': '::ffff:198.51.100.7' }), 1)).toBe('198.51.100.7');
  });
});

describe('the address the server or its trusted proxy saw', () => {
  const stamped = { [SOCKET_ADDRESS_HEADER]: '::ffff:127.0.0.1', 'x-forwarded-for': '203.0.113.9' };

  it('is the socket address ORX\'s server stamped, never the X-Forwarded-For a client wrote, with no proxy', () => {
    vi.stubEnv(FRONT_DOOR_FLAG, '1');
    expect(trustedClientAddress(headersOf(stamped), 0)).toBe('127.0.0.1');
    expect(seenClientAddress(headersOf(stamped), 0)).toBe('127.0.0.1');
    vi.unstubAllEnvs();
  });

  it('does not believe a stamp when the process was not started by ORX\'s server, which would have overwritten a forged one', () => {
    vi.stubEnv(FRONT_DOOR_FLAG, '');
    expect(trustedClientAddress(headersOf(stamped), 0)).toBeNull();
    expect(seenClientAddress(headersOf(stamped), 0)).toBe('203.0.113.9');
    vi.unstubAllEnvs();
  });

  it('is the proxies\' entry when proxies are configured, whatever the socket was', () => {
    vi.stubEnv(FRONT_DOOR_FLAG, '1');
    expect(trustedClientAddress(headersOf(stamped), 1)).toBe('203.0.113.9');
    expect(trustedClientAddress(headersOf({ [SOCKET_ADDRESS_HEADER]: '127.0.0.1' }), 1)).toBeNull();
    vi.unstubAllEnvs();
  });
});
