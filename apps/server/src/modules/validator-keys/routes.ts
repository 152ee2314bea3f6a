import {
  ZValidatorKey,
  ZValidatorKeyActivate,
  ZValidatorKeyAnswer,
  ZValidatorKeyIdRequest,
  ZValidatorKeyPurchase,
  ZValidatorKeys,
  ZValidatorKeySummary,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TValidatorKeys } from './service';

const BASE = '/api/v1/validator_keys';

export function validatorKeyRoutes(app: FastifyInstance, deps: { validatorKeys: TValidatorKeys }): void {
  const keys = deps.validatorKeys;
  const tags = ['shop'];

  for (const method of ['GET', 'POST'] as const) {
    route(app, {
      method,
      url: `${BASE}/summary/`,
      summary:
        'Validator keys: the allowance (tariff purchases that include a node), the keys bought, ' +
        'those still available, and the prices',
      tags,
      auth: 'user',
      response: ZValidatorKeySummary,
      handler: ({ user }) => keys.summary(user.id),
    });
    route(app, {
      method,
      url: `${BASE}/my/`,
      summary: "The partner's validator keys, newest first, with their deadlines",
      tags,
      auth: 'user',
      response: ZValidatorKeys,
      handler: ({ user }) => keys.list(user.id),
    });
  }

  route(app, {
    method: 'POST',
    url: `${BASE}/purchase/`,
    movesMoney: true,
    summary:
      'Reserve a validator key for 15 minutes, in USDT or in DXN at a quote; paid at once from the ' +
      'balance when pay_from_balance (the answer then shows the activation code, once)',
    tags,
    auth: 'user',
    body: ZValidatorKeyPurchase,
    status: 201,
    response: ZValidatorKeyAnswer,
    idempotent: { ignore: [], inOnce: true },
    handler: ({ user, body, idempotency }) => keys.purchase(user.id, body, idempotency),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/pay/`,
    movesMoney: true,
    summary: 'Pay a reserved validator key from the balance; the answer shows the activation code, once',
    tags,
    auth: 'user',
    body: ZValidatorKeyIdRequest,
    response: ZValidatorKeyAnswer,
    idempotent: { ignore: [], inOnce: true },
    handler: ({ user, body, idempotency }) => keys.pay(user.id, body.key_id, idempotency),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/code/`,
    summary: 'The activation code of a key paid by chain invoice: shown once',
    tags,
    auth: 'user',
    body: ZValidatorKeyIdRequest,
    response: ZValidatorKeyAnswer,
    handler: ({ user, body }) => keys.issueCode(user.id, body.key_id),
  });

  route(app, {
    method: 'POST',
    url: `${BASE}/activate/`,
    summary: 'Activate a paid validator key with its code, within 24 hours of its payment',
    tags,
    auth: 'user',
    body: ZValidatorKeyActivate,
    response: ZValidatorKey,
    handler: ({ user, body }) => keys.activate(user.id, body.code),
  });
}
