/**
 * The last step of `npm run build`: compresses the build's static files once, with brotli at its
 * highest quality and gzip at its highest level, into `.br` and `.gz` beside each file that gains
 * by it, for ORX's server to send as they are (lib/front-door/static-files.ts) instead of
 * compressing each response anew. The mark it writes last tells the server the set is complete.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const STATIC_FOLDER = path.join('.next', 'static');
/** Kept in step with PRECOMPRESSED_MARK in lib/front-door/static-files.ts. */
const MARK = '.precompressed';
/** Text formats; fonts and images are compressed formats already. */
const COMPRESSIBLE = new Set(['.js', '.mjs', '.css', '.svg', '.json', '.txt', '.map', '.html', '.xml', '.wasm']);
/** Below this, a response's headers outweigh what compression saves. */
const SMALLEST = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* filesUnder(folder) {
  for (const entry of await fs.readdir(folder, { withFileTypes: true })) {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(full);
    else if (entry.isFile()) yield full;
  }
}

async function compress(file) {
  const content = await fs.readFile(file);
  if (content.length < SMALLEST) return;
  const [br, gz] = await Promise.all([
    brotli(content, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(content, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < content.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < content.length) await fs.writeFile(`${file}.gz`, gz);
}

await fs.rm(path.join(STATIC_FOLDER, MARK), { force: true });
const pending = [];
for await (const file of filesUnder(STATIC_FOLDER)) {
  if (COMPRESSIBLE.has(path.extname(file))) pending.push(compress(file));
}
await Promise.all(pending);
await fs.writeFile(path.join(STATIC_FOLDER, MARK), '');
