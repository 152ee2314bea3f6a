import { ZRateQuote } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { TConfig } from '../../config';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { createQuote } from './service';

const tags = ['wallet'];

export function rateRoutes(app: FastifyInstance, deps: { db: Db; rates: () => TConfig['rates'] }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/mlm/usdt_dexnet_rate/',
    summary: 'A DexNet price in USDT, fixed for 30 minutes under its quote id',
    tags,
    auth: 'user',
    response: ZRateQuote,
    handler: () => createQuote(deps.db, deps.rates().dxnUsdt),
  });
}
