import { describe, expect, it } from 'vitest';
import { hashPassword, parsePasswordHash, textsEqual, verifyPassword } from '@/lib/auth/password';

const CHEAP = { N: 2 ** 10, r: 8, p: 1 };

describe('admin password hashes', () => {
  it('stores scrypt with its parameters and a fresh salt, and verifies only the right password', async () => {
    const hash = await hashPassword('correct horse battery', CHEAP);
    expect(hash).toMatch(/^scrypt:1024:8:1:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]{86}$/);
    expect(await hashPassword('correct horse battery', CHEAP)).not.toBe(hash);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('uses strong parameters by default, which need more than scrypt’s default memory', async () => {
    const hash = await hashPassword('a strong default');
    expect(hash.startsWith('scrypt:32768:8:1:')).toBe(true);
    expect(await verifyPassword('a strong default', hash)).toBe(true);
  });

  it.each([
    ['not a hash', 'plaintext-password'],
    ['another scheme', '$2b$12$abcdefghijklmnopqrstuuvwxyzabcdefghijklmnopqrstuvwxyzab'],
    ['N not a power of two', 'scrypt:1000:8:1:AAAAAAAAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA'],
    ['N too large', `scrypt:${2 ** 24}:8:1:AAAAAAAAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA`],
    ['r out of range', 'scrypt:1024:99:1:AAAAAAAAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAAAAAAAA'],
  ])('refuses %s', async (_, stored) => {
    expect(parsePasswordHash(stored)).toBeNull();
    expect(await verifyPassword('anything', stored)).toBe(false);
  });

  it('compares texts of any length', () => {
    expect(textsEqual('admin', 'admin')).toBe(true);
    expect(textsEqual('admin', 'admin2')).toBe(false);
    expect(textsEqual('', 'admin')).toBe(false);
  });
});
