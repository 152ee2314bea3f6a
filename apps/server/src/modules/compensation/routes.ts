import { ZBonusAudit, ZBonusAuditStarted } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { fail } from '../../http/errors';
import { route } from '../../http/route';
import { finishAuditRun, lastAuditRun, startAuditRun } from './audit';

/** The replay audit for operators (docs/compensation.md "The replay audit"). */
export function compensationRoutes(app: FastifyInstance, deps: { db: Db }): void {
  const { db } = deps;

  route(app, {
    method: 'GET',
    url: '/api/v1/admin/bonus-audit/',
    summary:
      'The last run of the replay audit (every event replayed, each posting compared to the minor unit), and whether one runs now',
    tags: ['admin'],
    auth: 'finance',
    response: ZBonusAudit,
    handler: () => lastAuditRun(db),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/admin/bonus-audit/',
    summary: 'Start a run of the replay audit in the background (202); 409 while one runs',
    tags: ['admin'],
    auth: 'finance',
    status: 202,
    response: ZBonusAuditStarted,
    handler: async () => {
      const id = await startAuditRun(db, 'admin');
      if (id === null) throw fail.conflict('bonusAuditRunning');
      // Its result is recorded on its row (the screen asks again); a failure is recorded there too.
      finishAuditRun(db, id).catch((error: unknown) =>
        app.log.error({ err: error }, 'the bonus audit failed'),
      );
      return { id };
    },
  });
}
