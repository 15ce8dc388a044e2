import { describe, expect, it } from 'vitest';
import { clientAddress } from '@/lib/http/client-address';

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
});
