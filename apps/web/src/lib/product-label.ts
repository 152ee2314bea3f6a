import type { TProductKind } from '@portal/contracts';
import type { TFunction } from 'i18next';

/**
 * A product a purchase names, for reading: "Tariff 500", "Virtual node: Virtual node S", and the
 * kind alone when the product's name only repeats it ("Validator key", not "Validator key:
 * Validator key"), in English or in the reader's language.
 */
export function productLabel(
  purchase: { product_kind: TProductKind; product_name: string },
  t: TFunction,
): string {
  const { product_kind: kind, product_name: name } = purchase;
  if (kind === 'tariff') return t('tariffs.name', { name });
  const label = t(`catalog.kinds.${kind}`);
  const same = (text: string) => text.trim().toLowerCase() === name.trim().toLowerCase();
  return same(label) || same(t(`catalog.kinds.${kind}`, { lng: 'en' })) ? label : `${label}: ${name}`;
}

/** The catalogue's products whose names the interface translates (migration 0008's codes). */
const TRANSLATED_PRODUCTS = [
  'virtual-node-100',
  'virtual-node-300',
  'virtual-node-500',
  'token-pack-1y',
  'token-pack-2y',
  'validator-key',
  'event-ticket',
  'gift-certificate',
] as const;

/**
 * A product's name in the reader's language, by its code; the server's (English) name for a
 * product an admin added later, which has no translation.
 */
export function productName(product: { code: string; name: string }, t: TFunction): string {
  const code = TRANSLATED_PRODUCTS.find((known) => known === product.code);
  return code ? t(`productNames.${code}`) : product.name;
}
