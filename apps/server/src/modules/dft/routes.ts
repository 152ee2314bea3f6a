import { ZDftTransferResponse } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { route } from '../../http/route';
import { sendDftToDexnet } from './service';

const tags = ['wallet'];

export function dftRoutes(app: FastifyInstance, deps: { db: Db }): void {
  route(app, {
    method: 'POST',
    url: '/api/v1/withdraw/dft_to_send_to_dexnet/',
    movesMoney: true,
    summary: 'Move unlocked DFT to the DexNet balance (1 DFT = 1 DXN)',
    tags,
    auth: 'user',
    response: ZDftTransferResponse,
    idempotent: { ignore: [] },
    handler: ({ user, idempotency }) => sendDftToDexnet(deps.db, user.id, idempotency),
  });
}
