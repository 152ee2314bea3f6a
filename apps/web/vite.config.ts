import { mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { chunkGroups } from './chunks.ts';

/** In development the API runs apart (npm run dev): these paths go to it. */
const api = process.env.VITE_API_URL ?? 'http://localhost:3000';

const COMPRESSIBLE = /\.(js|css|html|json|svg|txt|webmanifest)$/;

const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

/**
 * After the build: source maps and the manifest (which chunks each route loads) move out of dist
 * to dist-private beside it, never served; every text file left gets a brotli (.br) and a gzip
 * (.gz) twin at the highest levels, which the server sends as they are (preCompressed).
 */
function deliveryFiles(): Plugin {
  let outDir = '';
  return {
    name: 'portal-delivery-files',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const privateDir = `${outDir}-private`;
      rmSync(privateDir, { recursive: true, force: true });
      for (const file of filesUnder(outDir)) {
        if (file.endsWith('.map') || file.endsWith('manifest.json')) {
          const target = join(privateDir, relative(outDir, file));
          mkdirSync(resolve(target, '..'), { recursive: true });
          renameSync(file, target);
        } else if (COMPRESSIBLE.test(file)) {
          const content = readFileSync(file);
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
          );
        }
      }
      rmSync(join(outDir, '.vite'), { recursive: true, force: true });
    },
  };
}

const config: UserConfig = {
  plugins: [react(), deliveryFiles()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/media': api, '/accounts': api },
  },
  // 'hidden': maps are written (then moved aside) but the bundles do not point at them.
  build: {
    outDir: 'dist',
    sourcemap: 'hidden',
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'entry', tags: ['$initial'] },
            { name: chunkGroups(resolve(import.meta.dirname)), debugName: 'shared by screens' },
          ],
        },
      },
    },
  },
};

/**
 * A build is always a production build: NODE_ENV=development in the environment (the server's
 * setting, which `npm start` inherits) would otherwise bundle React's development build and
 * `jsx-dev-runtime` (209 KB gzip on /login instead of 167 KB). Set before Vite reads it.
 */
export default defineConfig(({ command }) => {
  if (command === 'build') process.env.NODE_ENV = 'production';
  return config;
});
