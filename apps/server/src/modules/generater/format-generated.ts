import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { GeneratedFile } from '@platform/shared';

/** The repository's root: its biome.json is the style, and generated paths are relative to it. */
const root = path.resolve(import.meta.dirname, '../../../../..');
const formatted = /\.(ts|tsx|mts|json)$/;
/** The same text at the same path formats the same: previews of one form repeat most files. */
const cache = new Map<string, string>();
const cacheLimit = 500;

function biomeCli(): string | null {
  try {
    return existsSync(path.join(root, 'biome.json'))
      ? createRequire(import.meta.url).resolve('@biomejs/biome/bin/biome')
      : null;
  } catch {
    return null;
  }
}

/** One file through `biome check --write` (format, sorted imports, safe fixes) as if it sat at its path. */
function check(cli: string, file: GeneratedFile): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [cli, 'check', '--write', `--stdin-file-path=${file.filePath}`], {
      cwd: root,
      stdio: ['pipe', 'pipe', 'ignore'],
    });
    const out: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => out.push(chunk));
    // A file Biome cannot make clean, or no Biome to run, keeps the generator's own text.
    child.on('error', () => resolve(file.fileContent));
    child.on('close', (code) => resolve(code === 0 ? Buffer.concat(out).toString('utf8') : file.fileContent));
    child.stdin.end(file.fileContent);
  });
}

/**
 * The generated files in this repository's style, as `npm run format` would leave them: the
 * generator prints long lines and unsorted imports, which lint refuses. Uses the repository's own
 * Biome when it is installed (it is a devDependency); without it the text is as generated and the
 * README's formatting step remains.
 */
export async function formatGenerated(files: GeneratedFile[]): Promise<GeneratedFile[]> {
  const cli = biomeCli();
  if (!cli) return files;
  const result: GeneratedFile[] = [];
  // Four at a time: each is a process, and the machine may have two cores.
  for (let start = 0; start < files.length; start += 4) {
    const batch = files.slice(start, start + 4).map(async (file) => {
      if (!formatted.test(file.filePath)) return file;
      const key = `${file.filePath}\n${file.fileContent}`;
      let text = cache.get(key);
      if (text === undefined) {
        text = await check(cli, file);
        if (cache.size >= cacheLimit) cache.delete(cache.keys().next().value ?? '');
        cache.set(key, text);
      }
      return { ...file, fileContent: text };
    });
    result.push(...(await Promise.all(batch)));
  }
  return result;
}
