/** Where a JSON text stops being JSON: 1-based line and column, when the engine says. */
export interface JsonSyntaxError {
  line?: number;
  column?: number;
}

/** Line and column of a character offset. */
function lineAndColumn(text: string, offset: number): Required<JsonSyntaxError> {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/**
 * Why `text` is not JSON, or null when it parses. The place comes from the engine's message, which
 * each engine words its own way: V8 "at position 10" (newer ones add "(line 1 column 11)"), Firefox
 * "at line 1 column 11", and an early end in both ("Unexpected end of JSON input", "unexpected end
 * of data") is the text's end. Safari names no place; the error then has none.
 */
export function jsonSyntaxError(text: string): JsonSyntaxError | null {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    const lineColumn = /line (\d+) column (\d+)/i.exec(message);
    if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
    const position = /at position (\d+)/i.exec(message);
    if (position) return lineAndColumn(text, Number(position[1]));
    if (/unexpected end/i.test(message)) return lineAndColumn(text, text.length);
    return {};
  }
}
