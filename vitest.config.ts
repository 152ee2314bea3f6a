import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { projects: ['packages/contracts', 'packages/compensation', 'apps/server', 'apps/web'] },
});
