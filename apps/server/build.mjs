// Bundles the server and the workspace contracts into dist/main.js; npm dependencies stay
// external and load from node_modules.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { tsImport } from 'tsx/esm/api';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));

await build({
  // The server, the superuser's password reset (admin-password.ts), the network generator the benchmarks run (dev/network.ts), the demo seed (dev/demo.ts)
  // the replay audit's command (dev/audit-bonuses.ts) and the fold's benchmark (dev/fold-bench.ts).
  entryPoints: {
    main: 'src/main.ts',
    'admin-password': 'src/admin-password.ts',
    'dev/generate-network': 'src/dev/generate-network.ts',
    'dev/seed-demo': 'src/dev/seed-demo.ts',
    'dev/audit-bonuses': 'src/dev/audit-bonuses.ts',
    'dev/fold-bench': 'src/dev/fold-bench.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  external: [...Object.keys(pkg.dependencies ?? {}), 'zod'],
  banner: {
    // Aliased: a bundled module (pdfkit, lib/pdf.ts) may import createRequire under its own name.
    js: "import { createRequire as __bundleRequire } from 'node:module'; const require = __bundleRequire(import.meta.url);",
  },
  logLevel: 'warning',
});

// The legal PDFs from their sources in the repository (content/legal), beside main.js
// (docs/decisions.md "Legal documents").
const { buildLegalPdfs } = await tsImport('./src/modules/legal/build.ts', import.meta.url);
await buildLegalPdfs({
  contentDir: fileURLToPath(new URL('../../content/legal', import.meta.url)),
  outDir: fileURLToPath(new URL('./dist/legal', import.meta.url)),
});
