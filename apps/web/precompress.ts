import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|txt|wasm)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the build, at the
 * strongest settings: the work is done once at build, and the server (@fastify/static with
 * preCompressed) hands each browser the smallest copy it accepts without compressing per request.
 * Files under 1 KB are left alone: their headers outweigh the saving.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'platform-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      for (const file of filesUnder(outDir)) {
        if (!compressible.test(file) || statSync(file).size < 1024) continue;
        const content = readFileSync(file);
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(content, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
      }
    },
  };
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}
