import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseDatabaseConfig, siteUrl, type Environment } from '@/lib/config';

const supabase = {
  SUPABASE_URL: 'https://project.supabase.co',
  SUPABASE_ANON_KEY: 'anon',
  SUPABASE_SERVICE_ROLE_KEY: 'service',
};

describe('choosing the database from the environment', () => {
  it('uses the embedded database in .data when nothing is set', () => {
    expect(parseDatabaseConfig({})).toEqual({ kind: 'embedded', dataDir: path.resolve('.data') });
  });

  it('moves the embedded database with DATA_DIR', () => {
    expect(parseDatabaseConfig({ DATA_DIR: '/var/lib/orx' })).toEqual({ kind: 'embedded', dataDir: '/var/lib/orx' });
  });

  it('uses Supabase when all of its settings are given', () => {
    expect(parseDatabaseConfig(supabase)).toEqual({
      kind: 'supabase',
      url: 'https://project.supabase.co',
      anonKey: 'anon',
      serviceRoleKey: 'service',
    });
  });

  it('treats empty values as not set', () => {
    expect(parseDatabaseConfig({ SUPABASE_URL: ' ', SUPABASE_ANON_KEY: '' }).kind).toBe('embedded');
  });

  it.each([
    ['SUPABASE_SERVICE_ROLE_KEY'],
    ['SUPABASE_ANON_KEY'],
    ['SUPABASE_URL'],
  ] as const)('refuses a half-configured Supabase, naming the missing %s', (missing) => {
    const env: Environment = { ...supabase, [missing]: undefined };
    expect(() => parseDatabaseConfig(env)).toThrow(new RegExp(`half configured: ${missing} is missing`));
  });

  it('refuses a Supabase URL that is not http(s)', () => {
    expect(() => parseDatabaseConfig({ ...supabase, SUPABASE_URL: 'ftp://x' })).toThrow(/SUPABASE_URL/);
  });
});

describe('the site address', () => {
  it('defaults to the local address', () => {
    expect(siteUrl({}).href).toBe('http://localhost:3000/');
  });

  it('comes from SITE_URL', () => {
    expect(siteUrl({ SITE_URL: 'https://orx.example' }).href).toBe('https://orx.example/');
  });

  it('refuses a SITE_URL that is not http(s)', () => {
    expect(() => siteUrl({ SITE_URL: 'javascript:alert(1)' })).toThrow(/SITE_URL/);
  });
});
