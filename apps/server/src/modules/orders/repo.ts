import { and, desc, eq, lte, sql, type SQL } from 'drizzle-orm';
import { type Db, queryRows, rowOf, type TInsertRow } from '../../db/client';
import { users } from '../accounts/schema';
import { products } from '../catalog/schema';
import { invoices } from '../deposits/schema';
import { nodes } from '../products/schema';
import type { TAlong } from '../purchases/service';
import { orders } from './schema';

export type TOrderRow = typeof orders.$inferSelect;

/** An order is being paid when a chain transfer attached to one of its invoices is confirming. */
const confirmingPayment = sql<boolean>`exists (select 1 from ${invoices} i
  where i.order_id = ${orders.id} and i.purpose = 'order' and i.status = 'confirming')`;

const withProduct = {
  order: orders,
  productName: products.name,
  confirming: confirmingPayment,
};

export type TOrderWithProduct = { order: TOrderRow; productName: string; confirming: boolean };

/** The nodes of an order's devices, inserted from the order row `order` of the same statement. */
const nodesOfOrder = (order: string, purchaseId: number | SQL | null) =>
  sql`insert into nodes (user_id, kind, product_id, purchase_id, order_id, hosting_user_id)
      select o.user_id, 'device', o.product_id, ${purchaseId}::bigint, o.id, o.hosting_user_id
        from ${sql.raw(order)} o, generate_series(1, o.quantity)`;

type TNewOrder = Omit<typeof orders.$inferInsert, 'id' | 'number' | 'hostingUserId' | 'productId'> & {
  productId: number | SQL;
};

/**
 * The `with` entries that insert an order as `name` (its row): its number is its id's (the id
 * drawn first, in `name_id`), its host the partner's mentor unless that is the company root (node
 * income's 20%), and, when `nodes` names the purchase that paid it, its devices' nodes.
 */
export function orderInsertEntries(
  db: Db,
  name: string,
  row: TNewOrder,
  nodes?: { purchaseId: number },
): SQL {
  const id = sql`(select id from ${sql.raw(`${name}_id`)})`;
  const insert = db
    .insert(orders)
    .overridingSystemValue()
    .values({
      ...row,
      id,
      number: sql`'DN-' || lpad(${id}::text, 6, '0')`,
      hostingUserId: sql`(select m.id from users u join users m on m.id = u.mentor_id
                           where u.id = ${row.userId}::bigint and not m.is_company_root)`,
    })
    .returning()
    .getSQL();
  return sql`${sql.raw(`${name}_id`)} as (select nextval(pg_get_serial_sequence('orders', 'id')) as id),
      ${sql.raw(name)} as (${insert})
      ${nodes ? sql`, ${sql.raw(`${name}_nodes`)} as (${nodesOfOrder(name, nodes.purchaseId)})` : sql``}`;
}

/** Inserts an order (`orderInsertEntries`) in one statement. */
export async function insertOrder(
  db: Db,
  row: TNewOrder,
  nodes?: { purchaseId: number },
): Promise<TOrderRow> {
  const [inserted] = await queryRows<Record<string, unknown>>(
    db,
    sql`with ${orderInsertEntries(db, 'inserted', row, nodes)} select * from inserted`,
  );
  return rowOf(orders, inserted!);
}

/**
 * Marks an order paid (`patch`) and opens its devices' nodes, paid by `purchaseId`: parts of the
 * statement of the purchase that pays it last (`TAlong`; `paidOrder` reads the order it answers).
 */
export function orderPaidParts(
  db: Db,
  id: number,
  patch: Partial<TInsertRow<typeof orders>>,
  purchaseId: number | SQL,
): TAlong[] {
  const update = db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning()
    .getSQL();
  return [
    { name: 'order_paid', statement: update, returning: orders },
    { name: 'order_paid_nodes', statement: nodesOfOrder('order_paid', purchaseId) },
  ];
}

/** The order `orderPaidParts` answered. */
export const paidOrder = (raw: Record<string, unknown>[]): TOrderRow => rowOf(orders, raw[0]!);

/** The order, locked for the rest of the transaction; only `userId`'s unless null (admins). */
export async function lockOrder(db: Db, id: number, userId: number | null): Promise<TOrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(userId === null ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, userId)))
    .for('update');
  return row;
}

export async function findOrder(
  db: Db,
  id: number,
  userId: number | null,
): Promise<TOrderWithProduct | undefined> {
  const [row] = await db
    .select(withProduct)
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .where(userId === null ? eq(orders.id, id) : and(eq(orders.id, id), eq(orders.userId, userId)));
  return row;
}

export async function updateOrder(
  db: Db,
  id: number,
  patch: Partial<typeof orders.$inferInsert>,
): Promise<TOrderRow> {
  const [row] = await db
    .update(orders)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(orders.id, id))
    .returning();
  return row!;
}

/**
 * The SQL status of an order as a partner sees it now: an unpaid order past its time is Canceled
 * even before the job marks it, unless a chain transfer paying it is confirming.
 */
export const effectiveStatus = (now: Date) => sql<string>`case
  when ${orders.status} = 'WAIT_PAYMENT' and ${orders.expiresAt} <= ${now.toISOString()}::timestamptz
    and not ${confirmingPayment} then 'Canceled'
  else ${orders.status} end`;

/** A page of orders, newest first: a partner's (`userId`) or everyone's, of one status as seen now. */
export async function ordersPage(
  db: Db,
  filter: { userId: number | null; status?: string; now: Date },
  page: number,
  pageSize: number,
) {
  const conditions: SQL[] = [];
  if (filter.userId !== null) conditions.push(eq(orders.userId, filter.userId));
  if (filter.status) conditions.push(sql`${effectiveStatus(filter.now)} = ${filter.status}`);
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const [total] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(orders)
    .where(where);
  const rows = await db
    .select({ ...withProduct, email: users.email })
    .from(orders)
    .innerJoin(products, eq(products.id, orders.productId))
    .innerJoin(users, eq(users.id, orders.userId))
    .where(where)
    .orderBy(desc(orders.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  return { count: total?.count ?? 0, rows };
}

/** Whether a chain transfer paying the order is confirming. */
export async function paymentConfirming(db: Db, orderId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(eq(invoices.orderId, orderId), eq(invoices.purpose, 'order'), eq(invoices.status, 'confirming')),
    )
    .limit(1);
  return row !== undefined;
}

/** Marks unpaid orders past their time Canceled (reads already show them so); answers how many. */
export async function expireOrders(db: Db, now: Date): Promise<number> {
  const expired = await db
    .update(orders)
    .set({ status: 'Canceled', updatedAt: now })
    .where(and(eq(orders.status, 'WAIT_PAYMENT'), lte(orders.expiresAt, now), sql`not ${confirmingPayment}`))
    .returning({ id: orders.id });
  return expired.length;
}

export async function findOwnerEmail(db: Db, userId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row?.email;
}

export async function cancelNodes(db: Db, orderId: number): Promise<void> {
  await db
    .update(nodes)
    .set({ status: 'canceled' })
    .where(and(eq(nodes.orderId, orderId), eq(nodes.status, 'active')));
}

export async function orderNodes(db: Db, orderId: number) {
  return db.select().from(nodes).where(eq(nodes.orderId, orderId)).orderBy(nodes.id);
}
