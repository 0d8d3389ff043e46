/** Where a JSON text stops being JSON: 1-based line and column, when it can be told. */
export interface JsonSyntaxError {
  line?: number;
  column?: number;
}

/** Line and column of a character offset. */
function lineAndColumn(text: string, offset: number): Required<JsonSyntaxError> {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: (before.at(-1)?.length ?? 0) + 1 };
}

/** Where the engine's message places the error: each engine words it its own way. */
function placeFromMessage(text: string, message: string): number | Required<JsonSyntaxError> | null {
  // Firefox and newer V8: "at line 1 column 11"; V8: "at position 10"; both at an early end.
  const lineColumn = /line (\d+) column (\d+)/i.exec(message);
  if (lineColumn) return { line: Number(lineColumn[1]), column: Number(lineColumn[2]) };
  const position = /at position (\d+)/i.exec(message);
  if (position) return Number(position[1]);
  if (/unexpected end/i.test(message)) return text.length;
  return null;
}

/**
 * Why `text` is not JSON, or null when it parses. `JSON.parse` decides; the place comes from its
 * message where the engine gives one, else (V8's "Unexpected token ']'" of a trailing comma,
 * Safari's every message) from the first error node of Lezer's JSON grammar, the parser the JSON
 * editor highlights with. That parser is loaded only for a text that fails.
 */
export async function jsonSyntaxError(text: string): Promise<JsonSyntaxError | null> {
  try {
    JSON.parse(text);
    return null;
  } catch (error) {
    const place = placeFromMessage(text, error instanceof Error ? error.message : '');
    if (typeof place === 'number') return lineAndColumn(text, place);
    if (place) return place;
    const { parser } = await import('@lezer/json');
    let offset: number | null = null;
    parser.parse(text).iterate({
      enter: (node) => {
        if (offset !== null) return false;
        if (node.type.isError) offset = node.from;
        return undefined;
      },
    });
    return offset === null ? {} : lineAndColumn(text, offset);
  }
}
