import path from 'node:path';
import ts from 'typescript';

/**
 * Checks JSON answers against the Solana Actions spec's own TypeScript types (@solana/actions-spec,
 * as @solana/actions exports them): each value is written as a constant of its type into one
 * source file and the compiler says whether it fits. No schema of our own to drift from the spec.
 */
export type SpecType = 'ActionGetResponse' | 'ActionPostResponse' | 'CompletedAction' | 'ActionsJson' | 'ActionError';

export function specTypeErrors(values: readonly { type: SpecType; value: unknown }[]): string[] {
  const file = path.resolve('tests/support/.actions-spec-check.ts');
  const source = [
    `import type { ${[...new Set(values.map(({ type }) => type))].join(', ')} } from '@solana/actions';`,
    ...values.map(({ type, value }, index) => `export const value${index}: ${type} = ${JSON.stringify(value)};`),
  ].join('\n');
  const options: ts.CompilerOptions = { strict: true, noEmit: true, skipLibCheck: true, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler, target: ts.ScriptTarget.ES2022 };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  host.readFile = (name) => (path.resolve(name) === file ? source : readFile(name));
  const fileExists = host.fileExists.bind(host);
  host.fileExists = (name) => path.resolve(name) === file || fileExists(name);
  const program = ts.createProgram([file], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
}
