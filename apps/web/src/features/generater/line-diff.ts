/** One line of a two-text comparison: in both, only in the new text, or only in the old. */
export interface DiffLine {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** A run of unchanged lines long enough to fold, or a line shown as it is. */
export type DiffRow = DiffLine | { kind: 'folded'; count: number };

/** Past this many cells the middle is shown as replaced whole: the table would cost too much memory. */
const largestTable = 4_000_000;

/**
 * The lines of `after` against those of `before`: a longest common subsequence, after the common
 * first and last lines are set aside (generated files mostly differ in a few places).
 */
export function lineDiff(before: string, after: string): DiffLine[] {
  const old = before.split('\n');
  const next = after.split('\n');
  let start = 0;
  while (start < old.length && start < next.length && old[start] === next[start]) start++;
  let oldEnd = old.length;
  let nextEnd = next.length;
  while (oldEnd > start && nextEnd > start && old[oldEnd - 1] === next[nextEnd - 1]) {
    oldEnd--;
    nextEnd--;
  }
  const same = (text: string): DiffLine => ({ kind: 'same', text });
  return [
    ...old.slice(0, start).map(same),
    ...middle(old.slice(start, oldEnd), next.slice(start, nextEnd)),
    ...old.slice(oldEnd).map(same),
  ];
}

function middle(old: string[], next: string[]): DiffLine[] {
  const removed = (text: string): DiffLine => ({ kind: 'removed', text });
  const added = (text: string): DiffLine => ({ kind: 'added', text });
  const width = next.length + 1;
  if ((old.length + 1) * width > largestTable) return [...old.map(removed), ...next.map(added)];
  // common[i * width + j]: the longest common run of old[i..] and next[j..].
  const common = new Uint32Array((old.length + 1) * width);
  for (let i = old.length - 1; i >= 0; i--)
    for (let j = next.length - 1; j >= 0; j--)
      common[i * width + j] =
        old[i] === next[j]
          ? (common[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(common[(i + 1) * width + j] ?? 0, common[i * width + j + 1] ?? 0);
  const lines: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < old.length && j < next.length) {
    if (old[i] === next[j]) {
      lines.push({ kind: 'same', text: old[i] ?? '' });
      i++;
      j++;
    } else if ((common[(i + 1) * width + j] ?? 0) >= (common[i * width + j + 1] ?? 0))
      lines.push(removed(old[i++] ?? ''));
    else lines.push(added(next[j++] ?? ''));
  }
  return [...lines, ...old.slice(i).map(removed), ...next.slice(j).map(added)];
}

/** Unchanged runs longer than twice `context` folded to a count, keeping `context` lines at each side of a change. */
export function foldUnchanged(lines: DiffLine[], context = 3): DiffRow[] {
  const rows: DiffRow[] = [];
  let run: DiffLine[] = [];
  const flush = (atStart: boolean, atEnd: boolean) => {
    const keepBefore = atStart ? 0 : context;
    const keepAfter = atEnd ? 0 : context;
    if (run.length > keepBefore + keepAfter + 1) {
      rows.push(...run.slice(0, keepBefore));
      rows.push({ kind: 'folded', count: run.length - keepBefore - keepAfter });
      rows.push(...run.slice(run.length - keepAfter));
    } else rows.push(...run);
    run = [];
  };
  let seenChange = false;
  for (const line of lines) {
    if (line.kind === 'same') {
      run.push(line);
      continue;
    }
    flush(!seenChange, false);
    seenChange = true;
    rows.push(line);
  }
  flush(!seenChange, true);
  return rows;
}
