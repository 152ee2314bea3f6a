import { z } from 'zod';
import { bool, ConfigError, configSlice } from '../../lib/env';

const countryList = (fallback: string) =>
  z
    .string()
    .default(fallback)
    .transform((text) =>
      text
        .split(',')
        .map((code) => code.trim().toUpperCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.string().regex(/^[A-Z]{2}$/)));

/** Card payments (CARD_*): the provider, or the sandbox, and the countries whose cards are taken. */
export const cardConfig = configSlice({
  env: {
    /** A card payment provider's HTTP API; without it the sandbox provider answers. */
    CARD_PROVIDER_URL: z.url().optional(),
    CARD_PROVIDER_KEY: z.string().optional(),
    /** The key the provider signs its webhooks with (its dashboard shows it): required with CARD_PROVIDER_URL. */
    CARD_WEBHOOK_SECRET: z.string().min(16).optional(),
    /**
     * The sandbox card provider (its page authorizes any well-formed card) when no CARD_PROVIDER_URL is set: on
     * by default only on the embedded database; on a shared PostgreSQL only when set to true.
     */
    CARD_SANDBOX: bool.optional(),
    /** ISO codes of the countries whose cards are accepted: the EU and the EEA by default (spec). */
    CARD_ALLOWED_COUNTRIES: countryList(
      'AT,BE,BG,HR,CY,CZ,DK,EE,FI,FR,DE,GR,HU,IE,IT,LV,LT,LU,MT,NL,PL,PT,RO,SK,SI,ES,SE,IS,LI,NO',
    ),
    /** Cards of these countries are refused even when allowed above. */
    CARD_PROHIBITED_COUNTRIES: countryList('BY,CU,IR,KP,RU,SY'),
  },
  sandbox: 'CARD_SANDBOX',
  build: (env, { embedded }) => {
    if (env.CARD_PROVIDER_URL && !env.CARD_WEBHOOK_SECRET)
      throw new ConfigError(
        'CARD_WEBHOOK_SECRET is required with CARD_PROVIDER_URL: webhooks are verified by it',
      );
    return {
      card: {
        providerUrl: env.CARD_PROVIDER_URL ?? null,
        providerKey: env.CARD_PROVIDER_KEY ?? null,
        webhookSecret: env.CARD_WEBHOOK_SECRET ?? null,
        /** The sandbox provider answers (no providerUrl, and on by default or by CARD_SANDBOX). */
        sandbox: !env.CARD_PROVIDER_URL && (env.CARD_SANDBOX ?? embedded),
        allowedCountries: env.CARD_ALLOWED_COUNTRIES,
        prohibitedCountries: env.CARD_PROHIBITED_COUNTRIES,
      },
    };
  },
});
