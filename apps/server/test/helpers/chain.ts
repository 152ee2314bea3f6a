import { createDevChain } from '../../src/adapters/chain/dev-chain';
import type { TConfig } from '../../src/config';
import { createDeposits } from '../../src/modules/deposits/service';
import { createWatcher } from '../../src/modules/deposits/watcher';
import { post, testApp, testConfig, type TTestApp } from './app';

/**
 * Chain settings of deposit tests: reads always read the chain first (no freshness window), so
 * that a test sees each block it mines.
 */
export function chainConfig(chain: Partial<TConfig['chain']> = {}): Pick<TConfig, 'chain'> {
  return { chain: { ...testConfig().chain, pollMs: 0, ...chain } };
}

/**
 * The app on the development chain, with the chain, a watcher and the deposits service built
 * beside it on the same database, as another server process would have them.
 */
export async function depositsApp(chain: Partial<TConfig['chain']> = {}) {
  const config = testConfig(chainConfig(chain));
  const app = await testApp({ config });
  const db = app.database.db;
  const devChain = createDevChain({ db, chain: config.chain });
  const watcher = createWatcher({ db, config, chain: devChain });
  const deposits = createDeposits({
    db,
    config,
    watcher,
    onSyncError: (error) => {
      throw error;
    },
  });
  return { app, config, devChain, watcher, deposits };
}

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

export async function mine(app: TTestApp, blocks = 1): Promise<number> {
  const response = await post(app, '/api/v1/dev/chain/mine/', { blocks });
  if (response.status !== 200) throw new Error(JSON.stringify(response.body));
  return response.body.height as number;
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
