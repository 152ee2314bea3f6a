import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    setupFiles: ['test/setup.ts'],
    testTimeout: 30_000,
    // Every statement the tests run is also compiled by drizzle and compared (src/db/compile.ts).
    env: { SQL_COMPILE_CHECK: '1' },
    // The test files share each worker's modules: the app and its libraries are evaluated once
    // per worker instead of once per file (a quarter of the suite's time, and .ci/run runs it
    // twice). Every file still builds its own apps on a database of its own (test/helpers), and
    // test/setup.ts closes them after it.
    isolate: false,
    hookTimeout: 60_000,
  },
});
