import { and, count, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { nodes } from '../../modules/products/schema';

/** The partner's active nodes by kind (a device, or a virtual node). */
export async function countActiveNodes(db: Db, userId: number): Promise<{ device: number; virtual: number }> {
  const rows = await db
    .select({ kind: nodes.kind, n: count() })
    .from(nodes)
    .where(and(eq(nodes.userId, userId), eq(nodes.status, 'active')))
    .groupBy(nodes.kind);
  const of = (kind: string) => rows.find((row) => row.kind === kind)?.n ?? 0;
  return { device: of('device'), virtual: of('virtual') };
}
