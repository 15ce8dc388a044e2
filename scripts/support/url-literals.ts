import ts from 'typescript';

/**
 * The URL paths a source file names, for `npm run test:changed` to tell which routes a spec or a
 * page reaches: string literals (`'/api/orders'`), template literals with `*` for each
 * substitution (a payment's verify path becomes `/api/payments/` + `*` + `/verify`, a leading base URL
 * dropped), and the paths in regular expressions (`/\/watches\?brand=/` → `/watches`). Query and
 * fragment are cut off. Pure: given the text.
 */
export function urlPatterns(fileName: string, text: string): string[] {
  const found = new Set<string>();
  const add = (pattern: string | null) => {
    if (pattern !== null) found.add(pattern);
  };
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(pathOf(node.text));
    else if (ts.isTemplateExpression(node)) add(pathOf(templatePattern(node)));
    else if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) for (const path of regExpPaths((node as ts.RegularExpressionLiteral).text)) add(path);
    if (ts.isStringLiteral(node) && node.text.includes('\\/')) for (const path of regExpPaths(node.text)) add(path);
    ts.forEachChild(node, visit);
  };
  visit(parse(fileName, text));
  return [...found];
}

/** The text of every string and template literal (comments left out), substitutions as `*`. */
export function stringLiterals(fileName: string, text: string): string[] {
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push(node.text);
    else if (ts.isTemplateExpression(node)) found.push(templatePattern(node));
    ts.forEachChild(node, visit);
  };
  visit(parse(fileName, text));
  return found;
}

const parse = (fileName: string, text: string) =>
  ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, false, fileName.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);

/** The template with `*` for each substitution; a substitution before the first `/` is a base URL. */
function templatePattern(node: ts.TemplateExpression): string {
  let text = node.head.text;
  for (const span of node.templateSpans) text += `*${span.literal.text}`;
  return text.startsWith('*/') ? text.slice(1) : text;
}

/**
 * The path of a literal that is one (`/x…`, not `//host` nor text with spaces), query cut off; a
 * template with no fixed segment (`/${id}`) names no route.
 */
function pathOf(text: string): string | null {
  if (!/^\/(?!\/)/.test(text) || /\s/.test(text) || /^\/\*/.test(text)) return null;
  const path = text.replace(/[?#].*$/, '');
  return path.length > 1 ? path.replace(/\/$/, '') : path;
}

/**
 * The paths written in a regular expression: each run of `\/segment`, ending there when the
 * expression ends or a query or `$` follows, else followed by `*` (the rest is a pattern).
 */
function regExpPaths(source: string): string[] {
  const paths: string[] = [];
  for (const match of source.matchAll(/((?:\\\/[\w.~-]+)+)(\\\/)?/g)) {
    const path = (match[1] ?? '').replaceAll('\\/', '/');
    const after = source.slice((match.index ?? 0) + match[0].length);
    const ends = !match[2] && /^(?:$|\$|\\\?|\?|\/[a-z]*$)/.test(after);
    paths.push(ends ? path : `${path}/*`.replace(/\/\*$/, match[2] ? '/*' : '*'));
  }
  return paths;
}
