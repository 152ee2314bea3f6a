import { it } from 'vitest';
import { testApp, post } from './helpers/app';
import { registerPartner } from './helpers/factories';
it('dbg', async () => {
  const lines: string[] = [];
  const app = await testApp({ config: { logLevel: 'error' } as any, logStream: { write: (l: string) => void lines.push(l) } });
  const p = await registerPartner(app);
  const a = await post(app, '/api/v1/mlm/package/active/', {}, p.token);
  console.log(a.status, a.body, lines.join('\n').slice(0, 3000));
});
