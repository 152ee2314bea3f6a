import { createHmac } from 'node:crypto';
import {
  PROFIXONE_LINK_TTL_SECONDS,
  type TDexSafeCode,
  type TProfixoneLink,
  type TServices,
} from '@portal/contracts';
import type { Db } from '../../db/client';
import type { TClientMeta } from '../../http/client';
import { fail } from '../../http/errors';
import { findUserById } from '../../modules/accounts/repo';
import { audit } from '../../modules/audit/service';
import * as repo from './repo';

/** The text a ProfiXone link signs: each field on its own line, so no field can run into the next. */
export const profixonePayload = (userId: number, email: string, expires: number) =>
  `${userId}\n${email}\n${expires}`;

/** Crockford's base32: no I, L, O or U, so a code read aloud or typed is not mistaken. */
const BASE32 = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** 80 bits of `bytes` as 16 base32 characters in groups of four. */
function groups(bytes: Buffer): string {
  let bits = 0n;
  for (const byte of bytes.subarray(0, 10)) bits = (bits << 8n) | BigInt(byte);
  let text = '';
  for (let i = 15; i >= 0; i -= 1) text += BASE32[Number((bits >> BigInt(i * 5)) & 31n)];
  return text.match(/.{4}/g)!.join('-');
}

/** A partner's DexSafe code: their id and a MAC of it, which the DexSafe app checks with the shared key. */
export function dexSafeCode(secret: string, userId: number): string {
  return `DS-${userId}-${groups(createHmac('sha256', secret).update(`dexsafe:v1:${userId}`).digest())}`;
}

/**
 * The profile's DexNet services (docs/decisions.md "DexNet services and the wiki"): ProfiXone is
 * entered through a signed link, DexSafe pairs through a code, DexPoint follows the partner's nodes.
 * The keys never leave the server.
 */
export function createServices(deps: {
  db: Db;
  profixoneUrl: string;
  profixoneSecret: string;
  dexsafeSecret: string;
  clock: () => Date;
}) {
  const { db } = deps;
  return {
    async overview(userId: number): Promise<TServices> {
      const active = await repo.countActiveNodes(db, userId);
      return {
        dexpoint: {
          status: active.device + active.virtual > 0 ? 'active' : 'inactive',
          devices: active.device,
          virtual_nodes: active.virtual,
        },
      };
    },

    dexSafeCode: (userId: number): TDexSafeCode => ({ code: dexSafeCode(deps.dexsafeSecret, userId) }),

    /** A link ProfiXone accepts for a few minutes: the partner's id and email, the expiry and their HMAC-SHA256. */
    async makeProfixoneLink(userId: number, meta: TClientMeta): Promise<TProfixoneLink> {
      const user = await findUserById(db, userId);
      if (!user) throw fail.unauthenticated();
      const expires = Math.floor(deps.clock().getTime() / 1000) + PROFIXONE_LINK_TTL_SECONDS;
      const signature = createHmac('sha256', deps.profixoneSecret)
        .update(profixonePayload(user.id, user.email, expires))
        .digest('hex');
      const link = new URL(deps.profixoneUrl);
      link.searchParams.set('uid', String(user.id));
      link.searchParams.set('email', user.email);
      link.searchParams.set('expires', String(expires));
      link.searchParams.set('signature', signature);
      await audit(db, { userId, action: 'profixone.link_made', details: { expires }, ip: meta.ip });
      return { link: link.toString(), expires_at: new Date(expires * 1000).toISOString() };
    },
  };
}

export type TServicesCalls = ReturnType<typeof createServices>;
