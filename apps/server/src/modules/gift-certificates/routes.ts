import {
  ZGiftCertificateActivate,
  ZGiftCertificateActivated,
  ZGiftCertificateBought,
  ZGiftCertificateBuy,
  ZGiftCertificates,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TGiftCertificates } from './service';

const tags = ['shop'];
const idempotent = { ignore: [] } as const;

export function giftCertificateRoutes(app: FastifyInstance, deps: { gifts: TGiftCertificates }): void {
  const { gifts } = deps;

  route(app, {
    method: 'POST',
    url: '/api/v1/gift_certificates/purchase/',
    movesMoney: true,
    summary: 'Buy a gift certificate for an amount, paid from the USDT balance; its code is answered once',
    tags,
    auth: 'user',
    body: ZGiftCertificateBuy,
    status: 201,
    response: ZGiftCertificateBought,
    idempotent,
    handler: ({ user, body, idempotency }) => gifts.buy(user.id, body, idempotency),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/gift_certificates/my/',
    summary:
      'The gift certificates the caller bought (never their codes); those past 24 hours are refunded first',
    tags,
    auth: 'user',
    response: ZGiftCertificates,
    handler: ({ user }) => gifts.mine(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/gift_certificates/activate/',
    movesMoney: true,
    summary: "Activate a gift certificate's code: its amount is credited to the caller's USDT balance, once",
    tags,
    auth: 'user',
    body: ZGiftCertificateActivate,
    response: ZGiftCertificateActivated,
    idempotent,
    handler: ({ user, body, idempotency }) => gifts.activate(user.id, body, idempotency),
  });
}
