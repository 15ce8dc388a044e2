import path from 'node:path';

/** The project's `tsx`, for tests that start a TypeScript file as a process of its own. */
export const TSX = path.join(process.cwd(), 'node_modules', '.bin', 'tsx');
