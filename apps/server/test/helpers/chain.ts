import { createDevChain } from '../../src/adapters/chain/dev-chain';
import type { TConfig } from '../../src/config';
import { createDeposits } from '../../src/modules/deposits/service';
import { createWatcher, type TWatcher } from '../../src/modules/deposits/watcher';
import { post, testApp, testConfig, type TTestApp } from './app';

/** Chain settings of deposit tests: a watcher pass is always due (no gap between passes). */
export function chainConfig(chain: Partial<TConfig['chain']> = {}): Pick<TConfig, 'chain'> {
  return { chain: { ...testConfig().chain, pollMs: 0, ...chain } };
}

/**
 * The app on the development chain, with the chain, a watcher and the deposits service built
 * beside it on the same database, as another server process would have them.
 */
export async function depositsApp(chain: Partial<TConfig['chain']> = {}, overrides: Partial<TConfig> = {}) {
  const config = testConfig({ ...chainConfig(chain), ...overrides });
  const app = await testApp({ config });
  const db = app.database.db;
  const devChain = createDevChain({ db, chain: config.chain });
  const watcher = createWatcher({ db, config, chain: devChain });
  const deposits = createDeposits({ db, config, watcher });
  watchers.set(app, watcher);
  return { app, config, devChain, watcher, deposits };
}

/** The watcher of each app made by depositsApp (the app's own job does not run in tests). */
const watchers = new WeakMap<TTestApp, TWatcher>();

export const getInvoice = (app: TTestApp, token: string, body: Record<string, unknown>) =>
  post(app, '/api/v1/payments/get_or_create_invoice/', body, token);

export const paymentStatus = (app: TTestApp, token: string, invoiceId: string) =>
  post(app, '/api/v1/payments/get_payment_status/', { invoice_id: invoiceId }, token);

export async function depositInvoice(app: TTestApp, token: string, currency: 'USDT' | 'DXN', amount: string) {
  const response = await getInvoice(app, token, { purpose: 'deposit', currency, amount });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body as { id: string; address: string; status: string; amount: string };
}

export async function devTransfer(app: TTestApp, to: string, currency: 'USDT' | 'DXN', amount: string) {
  const response = await post(app, '/api/v1/dev/chain/transfer/', { to, currency, amount });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.hash as string;
}

/** Adds blocks to the development chain; nothing reads them until a watcher pass. */
export async function mine(app: TTestApp, blocks = 1): Promise<number> {
  const response = await post(app, '/api/v1/dev/chain/mine/', { blocks });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.height as number;
}

/**
 * Adds blocks, then drains the watcher (one pass), as its job does within a poll interval:
 * requests never read the chain themselves.
 */
export async function mineAndWatch(app: TTestApp, blocks = 1): Promise<number> {
  const height = await mine(app, blocks);
  const watcher = watchers.get(app);
  if (!watcher) throw new Error('mineAndWatch needs an app made by depositsApp');
  await watcher.run();
  return height;
}

/** The partner's statement lines of deposits. */
export async function depositLines(app: TTestApp, token: string) {
  const response = await post(app, '/api/v1/payments/finances/', { operation_type: 'deposit' }, token);
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.results as {
    amount: string;
    currency: string;
    status: string;
    confirmations: number | null;
    hash: string | null;
  }[];
}
