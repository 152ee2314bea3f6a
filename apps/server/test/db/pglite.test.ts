import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPglite } from '../../src/db/client';

describe.skipIf(process.env.TEST_DATABASE_URL)('PGlite data directory', () => {
  it('is made by a process of its own at the first start, then opened in this one', async () => {
    const dir = join(mkdtempSync(join(tmpdir(), 'portal-pglite-')), 'pglite');
    try {
      const first = await createPglite(dir);
      expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
      await first.exec('create table kept (value int); insert into kept values (42)');
      await first.close();
      const again = await createPglite(dir);
      expect((await again.query<{ value: number }>('select value from kept')).rows).toEqual([{ value: 42 }]);
      await again.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
