import { readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

const serverDir = path.resolve(import.meta.dirname, '../..');

/**
 * The server's own modules (and @platform/shared, which is TypeScript source) bundled into plain
 * JavaScript, for test runs that start many servers: loading the modules through tsx
 * took ~5.5 s of CPU per start. Packages from node_modules stay external and load as they do under
 * tsx. The bundle is made fresh at each run (about a second), so it never lags behind the source.
 *
 * `import.meta.dirname` and `import.meta.url` are replaced, in each module, by the values they have
 * when the module runs from src/: the server finds the web build, the report preview script and
 * the repository root relative to its modules, and in one file they would all point at the bundle.
 */
export async function bundleServer(outDir: string): Promise<string> {
  await build({
    entryPoints: [path.join(serverDir, 'src/main.ts')],
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    // A module the server imports only when configured (S3 storage) stays a chunk of its own,
    // loaded then: in one file its packages would load at every start.
    splitting: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    plugins: [packagesOutside, sourceLocations],
    logLevel: 'warning',
  });
  return path.join(outDir, 'main.mjs');
}

/** Every package but the workspace's own (TypeScript source, which plain node cannot load) stays external. */
const packagesOutside: Plugin = {
  name: 'packages-outside',
  setup(builder) {
    builder.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@platform/')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

const sourceLocations: Plugin = {
  name: 'source-locations',
  setup(builder) {
    builder.onLoad({ filter: /\.ts$/ }, (args) => {
      const source = readFileSync(args.path, 'utf8');
      if (!source.includes('import.meta.')) return { contents: source, loader: 'ts' };
      const contents = source
        .replaceAll('import.meta.dirname', JSON.stringify(path.dirname(args.path)))
        .replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href));
      return { contents, loader: 'ts' };
    });
  },
};
