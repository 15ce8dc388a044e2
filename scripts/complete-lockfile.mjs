#!/usr/bin/env node
/**
 * Makes package-lock.json acceptable to `npm ci` on these machines. Their npm registry serves only
 * the Linux builds of platform-specific packages (@next/swc-*, @tailwindcss/oxide-*, …); the
 * others answer 404, so `npm install` leaves them out of the lockfile, and `npm ci` then refuses
 * the lockfile as out of sync. This adds an entry for each such optional package, with the
 * platform its name says and no download address: `npm ci` skips it on Linux, as it would have.
 * Run it after every `npm install` that changes dependencies (`npm run lockfile`).
 */
import fs from 'node:fs';

const LOCKFILE = new URL('../package-lock.json', import.meta.url);
const OSES = ['darwin', 'win32', 'linux', 'freebsd', 'android', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPUS = ['arm64', 'x64', 'arm', 'ia32', 'loong64', 'ppc64', 'riscv64', 's390x', 'wasm32', 'mips64el'];

const lock = JSON.parse(fs.readFileSync(LOCKFILE, 'utf8'));
const packages = lock.packages;

/** Where node would find `name` from the package at `from` (its own node_modules, then upwards). */
function resolves(from, name) {
  let base = from;
  for (;;) {
    if (packages[`${base ? `${base}/` : ''}node_modules/${name}`]) return true;
    if (!base) return false;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

function platformOf(name) {
  const parts = name.split('/').pop().split('-');
  return { os: OSES.filter((os) => parts.includes(os)), cpu: CPUS.filter((cpu) => parts.includes(cpu)) };
}

const added = [];
for (const [location, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    if (resolves(location, name)) continue;
    if (!/^\d+\.\d+\.\d+(-[\w.]+)?$/.test(version)) {
      console.warn(`skipped ${name}@${version} (wanted by ${location || 'the root'}): not an exact version`);
      continue;
    }
    const { os, cpu } = platformOf(name);
    const target = packages[`node_modules/${name}`] ? `${location}/node_modules/${name}` : `node_modules/${name}`;
    packages[target] = { version, optional: true, ...(os.length ? { os } : {}), ...(cpu.length ? { cpu } : {}) };
    added.push(`${name}@${version}`);
  }
}

lock.packages = Object.fromEntries(Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))));
fs.writeFileSync(LOCKFILE, `${JSON.stringify(lock, null, 2)}\n`);
console.log(added.length ? `Added ${added.length} platform entries: ${added.join(', ')}` : 'The lockfile was complete.');
