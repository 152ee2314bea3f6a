import { Badge } from '@mantine/core';
import type { TOrderStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';

const COLOR: Record<TOrderStatus, string> = {
  WAIT_PAYMENT: 'orange',
  PAID: 'blue',
  PROCESSED: 'blue',
  PREPARING_TO_SHIP: 'indigo',
  SHIPPING: 'violet',
  SHIPPED: 'teal',
  Completed: 'green',
  Canceled: 'gray',
  Failed: 'red',
};

/** An order's status in the reader's language (product-spec.md section 4 labels). */
export function OrderStatusBadge({ status }: { status: TOrderStatus }) {
  const { t } = useTranslation();
  return (
    <Badge color={COLOR[status]} variant="light" data-testid="order-status">
      {t(`orders.status.${status}`)}
    </Badge>
  );
}
