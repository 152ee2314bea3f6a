// Bundles the server and the workspace contracts into dist/main.js; npm dependencies stay
// external and load from node_modules.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  // The server, and the network generator the benchmarks and seeds run (dev/network.ts).
  entryPoints: { main: 'src/main.ts', 'dev/generate-network': 'src/dev/generate-network.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies ?? {}), 'zod'],
  banner: {
    js: "import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);",
  },
  logLevel: 'warning',
});
