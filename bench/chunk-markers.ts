// node --import tsx bench/chunk-markers.ts: what the chunked upload's "which chunks are held" read
// costs over a whole upload. After chunk k the upload's folder holds k markers and the data file,
// and every chunk's answer reads the folder again: `list` (a stat per entry) against `names` (the
// folder alone), for 204 chunks (1 GiB) and 819 chunks (4 GiB, the largest upload), in alternating
// rounds (list, names, list, names ...; BENCH_ROUNDS each, default 5): medians, ranges and the
// per-round ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { LocalFileStorage } from '../apps/server/src/core/file-storage.ts';
import { rounds, spread } from './lib.ts';

async function overUpload(chunks: number, way: 'list' | 'names') {
  const root = mkdtempSync(path.join(os.tmpdir(), 'bench-markers-'));
  try {
    const storage = new LocalFileStorage(root);
    await storage.write('chunks/f/data', Buffer.alloc(0));
    let spent = 0;
    for (let k = 1; k <= chunks; k++) {
      await storage.write(`chunks/f/${k}`, Buffer.alloc(0));
      const started = performance.now();
      if (way === 'list') await storage.list('chunks/f');
      else await storage.names('chunks/f');
      spent += performance.now() - started;
    }
    return spent / 1000;
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}

console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
for (const chunks of [204, 819]) {
  const figures = { list: [] as number[], names: [] as number[] };
  for (let round = 0; round < rounds; round++) {
    figures.list.push(await overUpload(chunks, 'list'));
    figures.names.push(await overUpload(chunks, 'names'));
  }
  for (const way of ['list', 'names'] as const) {
    const s = spread(figures[way]);
    console.log(
      `${chunks} chunks, ${way}: ${s.median.toFixed(2)} s (${s.min.toFixed(2)}-${s.max.toFixed(2)}) over the upload`,
    );
  }
  const ratio = spread(figures.names.map((names, i) => names / (figures.list[i] as number)));
  console.log(
    `${chunks} chunks, names / list per round: ${ratio.median.toFixed(2)} (${ratio.min.toFixed(2)}-${ratio.max.toFixed(2)})`,
  );
}
console.log(
  `load average ${os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(', ')}`,
);
