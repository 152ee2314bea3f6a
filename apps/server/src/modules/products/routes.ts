import {
  ZProductSentences,
  ZProductSentencesRequest,
  ZPurchaseByUnit,
  ZPurchaseByUnitResult,
  ZTokenPack,
  ZTokenPackBuy,
  ZTokenPacks,
  ZUpgradeAvailability,
  ZUpgradeQuery,
  ZVirtualNodeBuy,
  ZVirtualNodePurchase,
  ZVirtualNodes,
  ZVirtualNodeUpgrade,
  ZVirtualNodeUpgraded,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { route } from '../../http/route';
import type { TProducts } from './service';

const tags = ['shop'];
const idempotent = { ignore: [], inOnce: true } as const;

export function productRoutes(app: FastifyInstance, deps: { products: TProducts }): void {
  const { products } = deps;

  // ---- virtual nodes ----

  route(app, {
    method: 'GET',
    url: '/api/v1/virtual_node/my/',
    summary: "The caller's virtual nodes, upgraded ones included",
    tags,
    auth: 'user',
    response: ZVirtualNodes,
    handler: ({ user }) => products.nodes(user.id),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/virtual_node/purchase/',
    movesMoney: true,
    summary: 'Buy one virtual node of a tier, paid from the USDT balance',
    tags,
    auth: 'user',
    body: ZVirtualNodeBuy,
    status: 201,
    response: ZVirtualNodePurchase,
    idempotent,
    handler: ({ user, body, idempotency }) => products.buyNode(user.id, body, idempotency),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/mlm/virtual_node/available-for-upgrade/',
    summary:
      "The caller's active virtual nodes and the higher tiers each can become, at the price difference",
    tags,
    auth: 'user',
    query: ZUpgradeQuery,
    response: ZUpgradeAvailability,
    handler: ({ user, query }) => products.availableForUpgrade(user.id, query.promocode),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/virtual_node/upgrade/request/',
    movesMoney: true,
    summary: 'Upgrade an own virtual node to a higher tier, paying the difference',
    tags,
    auth: 'user',
    body: ZVirtualNodeUpgrade,
    response: ZVirtualNodeUpgraded,
    idempotent,
    handler: ({ user, body, idempotency }) => products.upgrade(user.id, body, idempotency),
  });

  // ---- token packs ----

  route(app, {
    method: 'POST',
    url: '/api/v1/token_pack/purchase/',
    movesMoney: true,
    summary: 'Buy DXN with USDT at a live 30-minute quote, locked in a token pack',
    tags,
    auth: 'user',
    body: ZTokenPackBuy,
    status: 201,
    response: ZTokenPack,
    idempotent,
    handler: ({ user, body, idempotency }) => products.buyTokenPack(user.id, body, idempotency),
  });

  route(app, {
    method: 'GET',
    url: '/api/v1/token_pack/my/',
    summary: "The caller's token packs with their next payout (what is due is paid first)",
    tags,
    auth: 'user',
    response: ZTokenPacks,
    handler: ({ user }) => products.tokenPacks(user.id),
  });

  // ---- offers and purchases by the unit ----

  route(app, {
    method: 'POST',
    url: '/api/v1/products/product_sentences_set/',
    summary: 'The offers shown on product screens: products on sale with their price after the pricing step',
    tags,
    auth: 'user',
    body: ZProductSentencesRequest,
    response: ZProductSentences,
    handler: ({ user, body }) => products.sentences(user.id, body),
  });

  route(app, {
    method: 'POST',
    url: '/api/v1/payments/process_purchase_by_unit/',
    movesMoney: true,
    summary: 'Buy N units of a product sold by the unit (virtual nodes)',
    tags,
    auth: 'user',
    body: ZPurchaseByUnit,
    response: ZPurchaseByUnitResult,
    idempotent,
    handler: ({ user, body, idempotency }) => products.purchaseByUnit(user.id, body, idempotency),
  });
}
