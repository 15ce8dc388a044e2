'use client';

import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useState, type FormEvent } from 'react';
import { adminApi } from '@/lib/admin/api-client';
import { Field, inputClass } from './field';

/** SPEC §2 logged out: checked by the server, which sets the session cookie on success. */
export function LoginForm() {
  const router = useRouter();
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setChecking(true);
    setError(null);
    try {
      await adminApi.logIn(username, password);
      router.refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'Invalid credentials. Access denied.');
      setChecking(false);
    }
  }

  return (
    <main className="flex min-h-dvh items-center justify-center px-5 py-12">
      <div className="w-full max-w-sm rounded-lg border border-line bg-surface p-8 shadow-2xl">
        <p className="text-center font-serif text-3xl tracking-[0.3em] text-gold">ORX</p>
        <h1 className="mt-3 text-center font-serif text-2xl">Admin Access</h1>
        <form onSubmit={submit} className="mt-8 space-y-5">
          <Field label="Username" htmlFor="admin-username">
            <input
              id="admin-username"
              name="username"
              autoComplete="username"
              required
              value={username}
              onChange={(event) => setUsername(event.target.value)}
              className={inputClass}
            />
          </Field>
          <Field label="Password" htmlFor="admin-password">
            <div className="relative">
              <input
                id="admin-password"
                name="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete="current-password"
                required
                value={password}
                onChange={(event) => setPassword(event.target.value)}
                className={`${inputClass} pr-16`}
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-pressed={showPassword}
                aria-controls="admin-password"
                className="absolute inset-y-0 right-0 px-3 text-sm text-muted hover:text-ivory"
              >
                {showPassword ? 'Hide password' : 'Show password'}
              </button>
            </div>
          </Field>
          {error && (
            <p role="alert" className="rounded border border-sold/40 bg-sold/10 px-3 py-2 text-sm text-sold">
              {error}
            </p>
          )}
          <button
            type="submit"
            disabled={checking}
            className="w-full rounded bg-gold px-4 py-3 font-medium text-ink hover:bg-gold-bright disabled:opacity-70"
          >
            {checking ? 'Authenticating...' : 'Access Admin Panel'}
          </button>
        </form>
        <Link href="/" className="mt-6 block text-center text-sm text-muted hover:text-gold-bright">
          Back to Store
        </Link>
      </div>
    </main>
  );
}
