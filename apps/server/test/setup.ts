import { afterAll, afterEach } from 'vitest';
import { closeApps } from './helpers/app';
import { closeFileDatabase, closeSecondConnections } from './helpers/database';
import { stopProcesses } from './helpers/process';

// Run before each test file (vitest.config.ts `setupFiles`): the files share their worker's
// modules, so the helpers' clean-up is registered here, once per file. After hooks run in the
// reverse order of these lines, and after the file's own: the processes a test started stop, then
// its apps close, then its second connections; the file's database goes after its last test.
afterAll(closeFileDatabase);
afterEach(closeSecondConnections);
afterEach(closeApps);
afterEach(stopProcesses, 30_000);
