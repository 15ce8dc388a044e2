import 'server-only';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { z } from '@/lib/zod';
import type { Environment } from '@/lib/config';
import { parseAdminConfig, SESSION_SECRET_MIN_LENGTH, type AdminCredentials } from './config';
import { hashPassword, parsePasswordHash } from './password';

/**
 * The admin credentials of this server: from the environment, or in development from a file made
 * on first start (readable by its owner only), whose password is printed at start.
 */

const generatedSchema = z.object({
  username: z.string().min(1),
  password: z.string().min(12),
  passwordHash: z.string().refine((hash) => parsePasswordHash(hash) !== null),
  sessionSecret: z.string().min(SESSION_SECRET_MIN_LENGTH),
});

export type GeneratedCredentials = z.infer<typeof generatedSchema>;

export type ResolvedCredentials = { credentials: AdminCredentials; generated?: { file: string; password: string } };

export async function resolveAdminCredentials(env: Environment): Promise<ResolvedCredentials> {
  const config = parseAdminConfig(env);
  if (config.kind === 'configured') return { credentials: config.credentials };
  const { password, ...credentials } = await readOrCreateGenerated(config.file);
  return { credentials, generated: { file: config.file, password } };
}

/** Resolved once per server process (on globalThis: Next's dev server evaluates modules twice). */
export function getAdminCredentials(): Promise<AdminCredentials> {
  const holder = globalThis as typeof globalThis & { __orxAdminCredentials?: Promise<ResolvedCredentials> };
  holder.__orxAdminCredentials ??= resolveAdminCredentials(process.env).catch((error: unknown) => {
    delete holder.__orxAdminCredentials;
    throw error;
  });
  return holder.__orxAdminCredentials.then((resolved) => resolved.credentials);
}

async function readOrCreateGenerated(file: string): Promise<GeneratedCredentials> {
  const existing = readGenerated(file);
  if (existing) return existing;
  const password = randomBytes(15).toString('base64url');
  const generated: GeneratedCredentials = {
    username: 'admin',
    password,
    passwordHash: await hashPassword(password),
    sessionSecret: randomBytes(32).toString('base64url'),
  };
  fs.mkdirSync(path.dirname(file), { recursive: true });
  try {
    // 'wx': if another process made the file meanwhile, its credentials win.
    fs.writeFileSync(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readGenerated(file) ?? generated;
  }
  return generated;
}

function readGenerated(file: string): GeneratedCredentials | null {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  const parsed = generatedSchema.safeParse(json);
  if (!parsed.success) throw new Error(`${file} is not a valid admin credentials file: delete it to make a new one.`);
  return parsed.data;
}
