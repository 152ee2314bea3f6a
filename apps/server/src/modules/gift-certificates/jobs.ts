import type { Db } from '../../db/client';
import type { TJob } from '../../jobs/scheduler';
import { expireGiftCertificates } from './service';

/** Certificates past their time expire (a read of an expired one says so anyway). */
export function giftCertificateJobs(deps: { db: Db }): TJob[] {
  return [
    {
      kind: 'worker',
      name: 'gift-certificate-expiry',
      everyMs: 60_000,
      run: () => expireGiftCertificates(deps.db),
    },
  ];
}
