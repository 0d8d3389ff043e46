import { describe, expect, test } from 'vitest';
import { type DiffLine, foldUnchanged, lineDiff } from './line-diff.ts';

const kinds = (lines: DiffLine[]) => lines.map((line) => `${line.kind[0]}${line.text}`);

describe('lineDiff', () => {
  test('equal texts are all the same', () => {
    expect(kinds(lineDiff('a\nb', 'a\nb'))).toEqual(['sa', 'sb']);
  });

  test('a changed line is the old one removed and the new one added, in place', () => {
    expect(kinds(lineDiff('a\nb\nc', 'a\nB\nc'))).toEqual(['sa', 'rb', 'aB', 'sc']);
  });

  test('lines inserted and deleted in the middle keep the common ones in order', () => {
    expect(kinds(lineDiff('a\nx\nb\nc\nd', 'a\nb\ny\nc\nd\ne'))).toEqual(['sa', 'rx', 'sb', 'ay', 'sc', 'sd', 'ae']);
  });

  test('from and to an empty text (one empty line)', () => {
    expect(kinds(lineDiff('', 'a'))).toEqual(['r', 'aa']);
    expect(kinds(lineDiff('a\nb', ''))).toEqual(['ra', 'rb', 'a']);
  });

  test('texts too large to compare line by line are shown replaced whole', () => {
    const old = Array.from({ length: 3000 }, (_, n) => `old ${n}`).join('\n');
    const next = Array.from({ length: 3000 }, (_, n) => `new ${n}`).join('\n');
    const lines = lineDiff(`head\n${old}\ntail`, `head\n${next}\ntail`);
    expect(lines).toHaveLength(6002);
    expect(lines[1]).toEqual({ kind: 'removed', text: 'old 0' });
    expect(lines[3001]).toEqual({ kind: 'added', text: 'new 0' });
    expect(lines.at(-1)).toEqual({ kind: 'same', text: 'tail' });
  });
});

describe('foldUnchanged', () => {
  const text = (n: number) => Array.from({ length: n }, (_, k) => `line ${k}`);

  test('long unchanged runs fold to a count, three lines kept beside each change', () => {
    const before = text(20);
    const after = [...before];
    after[10] = 'changed';
    const rows = foldUnchanged(lineDiff(before.join('\n'), after.join('\n')));
    expect(rows[0]).toEqual({ kind: 'folded', count: 7 });
    expect(rows.slice(1, 4).map((row) => row.kind)).toEqual(['same', 'same', 'same']);
    expect(rows.slice(4, 6)).toEqual([
      { kind: 'removed', text: 'line 10' },
      { kind: 'added', text: 'changed' },
    ]);
    expect(rows.at(-1)).toEqual({ kind: 'folded', count: 6 });
  });

  test('short runs and texts without changes stay whole or fold as one', () => {
    expect(foldUnchanged(lineDiff('a\nb', 'a\nc'))).toHaveLength(3);
    expect(foldUnchanged(lineDiff(text(10).join('\n'), text(10).join('\n')))).toEqual([{ kind: 'folded', count: 10 }]);
  });
});
