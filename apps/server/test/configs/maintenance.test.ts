import { MESSAGES } from '@portal/contracts';
import { describe, expect, test } from 'vitest';
import { ledgerTransfers, purchases, walletOperations } from '../../src/schema';
import { call, configuredWindows, post, testApp } from '../helpers/app';
import { loginAdmin, registerPartner } from '../helpers/factories';
import { adjust, balances } from '../helpers/money';
import { countRows } from '../helpers/rows';
import { TARIFF_REQUEST, tariffId } from '../helpers/tariffs';

const START = '2027-03-08T00:00:00Z';
const END = '2027-03-11T00:00:00Z';
const at = (iso: string) => new Date(iso);
const ms = (iso: string, delta: number) => new Date(Date.parse(iso) + delta);

/**
 * Calls that write but move no money: they keep working during maintenance. A new call that
 * writes must be put here or marked `movesMoney` (http/route.ts): this test fails until it is.
 */
const MOVES_NO_MONEY = [
  'PATCH /api/v1/accounts/info/',
  'PATCH /api/v1/admin/orders/{id}/',
  'PATCH /api/v1/admin/products/{id}/',
  'PATCH /api/v1/chatbot/preferences/',
  'POST /accounts/email_password_reset/',
  'POST /accounts/email_password_reset/confirm/',
  'POST /api/v1/accounts/api-keys/',
  'POST /api/v1/accounts/api-keys/{id}/revoke/',
  'POST /api/v1/accounts/check_referral_id/',
  'POST /api/v1/accounts/email_change/auth_app/',
  'POST /api/v1/accounts/email_change/email/',
  'POST /api/v1/accounts/info/',
  'POST /api/v1/accounts/kyc/',
  'POST /api/v1/accounts/login/',
  'POST /api/v1/accounts/make_profixone_link/',
  'POST /api/v1/accounts/logout/',
  'POST /api/v1/accounts/me/',
  'POST /api/v1/accounts/mfa/setup/',
  'POST /api/v1/accounts/mfa/verify/',
  'POST /api/v1/accounts/mfa_login/',
  'POST /api/v1/accounts/register/',
  'POST /api/v1/accounts/set_language/',
  'POST /api/v1/accounts/token-auth/',
  'POST /api/v1/admin/users/{id}/kyc/',
  'POST /api/v1/admin/users/{id}/mentor/',
  // The replay audit reads the ledger and records its run; it moves nothing.
  'POST /api/v1/admin/bonus-audit/',
  'POST /api/v1/admin/users/{id}/mfa/reset/',
  // Support's note on a partner: words, no money.
  'POST /api/v1/admin/users/{id}/notes/',
  // The fraud check and support's decision on a signal: records of suspicion, no money.
  'POST /api/v1/admin/fraud-signals/scan/',
  'POST /api/v1/admin/fraud-signals/{id}/review/',
  // An admin's change of a setting: an admin may end a maintenance window early from inside it.
  'POST /api/v1/admin/configs/',
  'POST /api/v1/cardpayment/usdt_euro_rate/',
  // The bot: linking a chat, unlinking it, Telegram's updates (notices are sent by a job).
  'POST /api/v1/chatbot/link/',
  'POST /api/v1/chatbot/send_unsubscribe_message/',
  'POST /api/v1/chatbot/webhook/',
  // The card provider's webhook: the partner has paid on the provider's page already, so the
  // payment it reports is taken in, as a chain deposit is (nothing is lost, nothing waits).
  'POST /api/v1/cardpayment/webhook/',
  // The development chain stands for the outside world, which maintenance does not stop; deposits
  // it sends are credited by the watcher job as usual (nothing is lost).
  'POST /api/v1/dev/chain/mine/',
  'POST /api/v1/dev/chain/transfer/',
  'POST /api/v1/dev/chatbot/message/',
  'POST /api/v1/mlm/binary-leg-bottom/',
  'POST /api/v1/mlm/company_stats/',
  'POST /api/v1/mlm/dex_new_year_promo/',
  'POST /api/v1/mlm/downline-search/',
  'POST /api/v1/mlm/first-line-for-user/',
  'POST /api/v1/mlm/first-line/{kind}/',
  'POST /api/v1/mlm/get-binary-object/',
  'POST /api/v1/mlm/get-binary-tree/',
  'POST /api/v1/mlm/get-registrations-tables/{kind}/',
  'POST /api/v1/mlm/get_dex_summer_promo_status/',
  'POST /api/v1/mlm/get_purchase_statistics_by_packages/',
  'POST /api/v1/mlm/get_qualification/',
  'POST /api/v1/mlm/income-by-month/',
  'POST /api/v1/mlm/package/active/',
  'POST /api/v1/mlm/referral_structure_info/',
  'POST /api/v1/mlm/set-binary-structure-side/',
  'POST /api/v1/mlm/structure_list/',
  'POST /api/v1/mlm/team-level/',
  'POST /api/v1/mlm/usdt_dexnet_rate/',
  'POST /api/v1/mlm/winter_promo_status/',
  'POST /api/v1/password-recovery/{email}',
  'POST /api/v1/payments/finances/',
  'POST /api/v1/payments/get_deposit_window/',
  'POST /api/v1/payments/get_payment_status/',
  'POST /api/v1/products/order/',
  'POST /api/v1/products/orders/',
  'POST /api/v1/products/product_sentences_set/',
  'POST /api/v1/products/update_order/',
  'POST /api/v1/promotions/promocode/activate/',
  'POST /api/v1/promotions/promocode/create/',
  'POST /api/v1/reset-password/',
  'POST /api/v1/users/{id}/block/',
  'POST /api/v1/users/{id}/unblock/',
  // A paid key's code and its activation move no money; refusing them could let the 24 hours run out.
  'POST /api/v1/validator_keys/activate/',
  'POST /api/v1/validator_keys/code/',
  'POST /api/v1/validator_keys/my/',
  'POST /api/v1/validator_keys/summary/',
  'POST /api/v1/withdraw/withdraw_address_dexnet_validation/',
  'PUT /api/v1/accounts/me/',
  'PUT /api/v1/admin/users/{id}/roles/',
];

type TOperation = { 'x-moves-money'?: boolean; responses: Record<string, unknown>; security?: unknown[] };

/** The OpenAPI document's operations, by path and method. */
const pathsOf = (app: Awaited<ReturnType<typeof testApp>>) =>
  (app.swagger() as unknown as { paths: Record<string, Record<string, TOperation>> }).paths;

async function maintenanceApp() {
  const clock = { now: at('2027-03-01T00:00:00Z') };
  const app = await testApp({ config: configuredWindows(), clock: () => clock.now });
  return Object.assign(app, { clock });
}

describe('maintenance: money-moving calls answer 503 and change nothing', () => {
  test('the route table: every call that writes is either marked as moving money or listed as not', async () => {
    const app = await maintenanceApp();
    await app.ready();
    const paths = pathsOf(app);
    const moving: string[] = [];
    const unclassified: string[] = [];
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        const name = `${method.toUpperCase()} ${path}`;
        if (operation['x-moves-money']) {
          moving.push(name);
          expect(operation.responses, name).toHaveProperty('503');
        } else if (method !== 'get' && !MOVES_NO_MONEY.includes(name)) {
          unclassified.push(name);
        }
        // A call that takes an Idempotency-Key moves money (api.md).
        if (operation.responses['409'] && name !== 'POST /api/v1/accounts/register/')
          expect(operation['x-moves-money'], name).toBe(true);
      }
    }
    expect(unclassified).toEqual([]);
    expect(moving.sort()).toEqual([
      'POST /api/v1/admin/ledger/adjustments/',
      'POST /api/v1/admin/orders/{id}/refund/',
      'POST /api/v1/admin/orders/{id}/status/',
      'POST /api/v1/admin/withdrawals/approve/',
      'POST /api/v1/admin/withdrawals/{id}/approve/',
      'POST /api/v1/admin/withdrawals/{id}/reject/',
      'POST /api/v1/admin/withdrawals/{id}/send/',
      'POST /api/v1/cardpayment/test_endpoint_carpayment/',
      'POST /api/v1/event_ticket/purchase/',
      'POST /api/v1/gift_certificates/activate/',
      'POST /api/v1/gift_certificates/purchase/',
      'POST /api/v1/mlm/package/purchase/confirm/',
      'POST /api/v1/mlm/package/purchase/request/',
      'POST /api/v1/payments/get_or_create_invoice/',
      'POST /api/v1/payments/process_purchase_by_unit/',
      'POST /api/v1/products/create_order/',
      'POST /api/v1/products/create_order_and_register_user/',
      'POST /api/v1/products/pay_order/',
      'POST /api/v1/promotions/promocode/purchase/request/',
      'POST /api/v1/token_pack/purchase/',
      'POST /api/v1/validator_keys/pay/',
      'POST /api/v1/validator_keys/purchase/',
      'POST /api/v1/virtual_node/purchase/',
      'POST /api/v1/virtual_node/upgrade/request/',
      'POST /api/v1/withdraw/dft_to_send_to_dexnet/',
      'POST /api/v1/withdraw/request/',
    ]);
  });

  test('inside the window each of them answers 503 with the message; reads work; nothing changes', async () => {
    const app = await maintenanceApp();
    const partner = await registerPartner(app);
    await adjust(app, partner.id, 'USDT', '5000');
    const admin = await loginAdmin(app);
    await app.ready();
    const paths = pathsOf(app);
    const before = {
      balances: await balances(app, partner.token),
      transfers: await countRows(app, ledgerTransfers),
      purchases: await countRows(app, purchases),
      statement: await countRows(app, walletOperations),
    };

    app.clock.now = at(START);
    for (const [path, methods] of Object.entries(paths)) {
      for (const [method, operation] of Object.entries(methods)) {
        if (!operation['x-moves-money']) continue;
        const url = path.replace(/\{[^}]+\}/g, '1');
        const token = url.includes('/admin/') ? admin : operation.security ? partner.token : null;
        // A body that would be valid does not matter: nothing of the call runs.
        const answer = await call(app, method.toUpperCase() as 'POST', url, {
          token,
          body: { amount: '10', currency: 'USDT', package_id: 1, request_id: 'x' },
          headers: { 'idempotency-key': `maintenance-${path}` },
        });
        expect([answer.status, answer.body], `${method} ${path}`).toEqual([
          503,
          { detail: MESSAGES.maintenance },
        ]);
      }
    }
    // Reads still work.
    expect((await call(app, 'GET', '/api/v1/mlm/packages/', { token: partner.token })).status).toBe(200);
    expect((await post(app, '/api/v1/payments/finances/', {}, partner.token)).status).toBe(200);
    expect((await call(app, 'GET', '/api/v1/configs/get_all_configs/')).body.maintenance.active).toBe(true);
    // Who calls is still checked first: no token is a 401, not a 503.
    expect((await post(app, '/api/v1/withdraw/request/', {})).status).toBe(401);

    expect({
      balances: await balances(app, partner.token),
      transfers: await countRows(app, ledgerTransfers),
      purchases: await countRows(app, purchases),
      statement: await countRows(app, walletOperations),
    }).toEqual(before);
  });

  test('at the edges: a millisecond before the start and from the end on, the call runs', async () => {
    const app = await maintenanceApp();
    const partner = await registerPartner(app);
    const packageId = await tariffId(app, 'tariff-500');
    const ask = async (now: Date) => {
      app.clock.now = now;
      const answer = await post(
        app,
        TARIFF_REQUEST,
        { package_id: packageId, mentor_confirmed: true, terms_accepted: true },
        partner.token,
      );
      return answer.status;
    };
    expect(await ask(ms(START, -1))).toBe(200);
    expect(await ask(at(START))).toBe(503);
    expect(await ask(ms(END, -1))).toBe(503);
    expect(await ask(at(END))).toBe(200);
  });
});
