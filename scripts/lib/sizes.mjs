// The size limits of docs/architecture.md ("Sizes"): a production file holds at most 600 lines and
// a function at most 150, so that each can be read whole. `measure` is pure; check-sizes.mjs walks
// the tree and compares with scripts/size-allowance.json, the oversize pieces that predate the rule.
import ts from 'typescript';

export const FILE_LIMIT = 600;
export const FUNCTION_LIMIT = 150;

/** Locales, wire schemas, the database's table types, fixtures and tests are data, not logic. */
export function isMeasured(file) {
  const f = file.split('\\').join('/');
  if (!/\.tsx?$/.test(f) || /\.test\.tsx?$/.test(f) || /\.d\.ts$/.test(f)) return false;
  if (/\/(locales|fixtures)\//.test(f)) return false;
  if (f.startsWith('packages/shared/src/schemas/') || f === 'apps/server/src/db/schema.ts') return false;
  // A migration that has run is history: it is never edited, so it is never split.
  if (f.startsWith('apps/server/src/db/migrations/')) return false;
  return /^(apps\/(server|web)\/src|packages\/shared\/src)\//.test(f);
}

function nameOf(node, source) {
  if (node.name && ts.isIdentifier(node.name)) return node.name.text;
  if (node.name && ts.isStringLiteral(node.name)) return node.name.text;
  if (ts.isConstructorDeclaration(node)) return 'constructor';
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isPropertyAssignment(parent) && ts.isIdentifier(parent.name)) return parent.name.text;
  if (parent && ts.isCallExpression(parent)) {
    const callee = parent.expression.getText(source).slice(0, 40);
    const first = parent.arguments[0];
    const label = first && ts.isStringLiteralLike(first) ? ` '${first.text}'` : '';
    return `${callee}(${label.trim()}) callback`;
  }
  return 'anonymous';
}

/** Lines of the file and every function (named by its owner chain) longer than FUNCTION_LIMIT. */
export function measure(file, text) {
  const source = ts.createSourceFile(
    file,
    text,
    ts.ScriptTarget.Latest,
    true,
    file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS,
  );
  const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
  const functions = [];
  const lineOf = (pos) => source.getLineAndCharacterOfPosition(pos).line;
  function visit(node, owners) {
    let next = owners;
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const name = [...owners, nameOf(node, source)].join('.');
      const length = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (length > FUNCTION_LIMIT) functions.push({ name, lines: length });
      next = [...owners, nameOf(node, source)];
    } else if (ts.isClassLike(node) && node.name) {
      next = [...owners, node.name.text];
    }
    ts.forEachChild(node, (child) => visit(child, next));
  }
  visit(source, []);
  return { lines, functions };
}

/**
 * Problems of one tree's measurements against the allowance: a new oversize piece, an allowed one
 * that grew, and an allowance no longer needed (so the list only shrinks).
 * `measured`: Map file -> {lines, functions}; `allowance`: {files: {file: lines}, functions: {"file#name": lines}}.
 */
export function sizeProblems(measured, allowance) {
  const problems = [];
  const usedFiles = new Set();
  const usedFunctions = new Set();
  for (const [file, { lines, functions }] of measured) {
    if (lines > FILE_LIMIT) {
      const allowed = allowance.files[file];
      usedFiles.add(file);
      if (allowed === undefined)
        problems.push(`${file}: ${lines} lines (limit ${FILE_LIMIT}): split it along its seams`);
      else if (lines > allowed)
        problems.push(`${file}: ${lines} lines, more than the ${allowed} it was allowed: split it, do not grow it`);
    }
    for (const { name, lines: length } of functions) {
      const key = `${file}#${name}`;
      const allowed = allowance.functions[key];
      usedFunctions.add(key);
      if (allowed === undefined) problems.push(`${key}: ${length} lines (limit ${FUNCTION_LIMIT}): split it`);
      else if (length > allowed) problems.push(`${key}: ${length} lines, more than the ${allowed} it was allowed`);
    }
  }
  for (const file of Object.keys(allowance.files))
    if (!usedFiles.has(file))
      problems.push(`${file}: now within ${FILE_LIMIT} lines: remove it from scripts/size-allowance.json`);
  for (const key of Object.keys(allowance.functions))
    if (!usedFunctions.has(key))
      problems.push(`${key}: now within ${FUNCTION_LIMIT} lines (or gone): remove it from scripts/size-allowance.json`);
  return problems;
}
