/**
 * Prints the ADMIN_PASSWORD_HASH line for a password: `npm run hash-password`, then type the
 * password (or pipe it in). Read from stdin, never from the command line, so that it stays out of
 * the shell history and the process list.
 */
import { createInterface } from 'node:readline/promises';
import { hashPassword } from '../lib/auth/password';

const MIN_LENGTH = 12;

async function main() {
  const lines = createInterface({ input: process.stdin, output: process.stderr, terminal: false });
  if (process.stdin.isTTY) process.stderr.write('Admin password: ');
  const password = (await lines[Symbol.asyncIterator]().next()).value ?? '';
  lines.close();
  if (password.length < MIN_LENGTH) {
    console.error(`The password must be at least ${MIN_LENGTH} characters.`);
    process.exit(1);
  }
  console.log(`ADMIN_PASSWORD_HASH=${await hashPassword(password)}`);
}

void main();
