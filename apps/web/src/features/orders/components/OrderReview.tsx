import { Button, Group, Modal, Stack, Table } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';
import { ErrorNote } from '../../../components/ErrorNote';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { formatAmount } from '../../../lib/format';

export type TOrderReview = {
  device: { name: string; price: string };
  quantity: number;
  /** The add-on ordered with the devices, or null. */
  addon: { name: string; price: string } | null;
  /** What the order charges the balance (a decimal string). */
  total: string;
};

type Props = {
  review: TOrderReview | null;
  /** The refusal of the order as a whole (a short balance), shown here once. */
  refusal: string[];
  placing: boolean;
  onConfirm: () => void;
  onClose: () => void;
};

/**
 * The last step of an order paid from the balance, before anything is charged: what is ordered,
 * the total, that it comes from the balance, and the balance against it.
 */
export function OrderReview({ review, refusal, placing, onConfirm, onClose }: Props) {
  const { t } = useTranslation();
  const funds = useFunds(review?.total ?? '0');
  const usdt = (amount: string) => `${formatAmount(amount)} USDT`;
  const rows: [string, ReactNode, string][] = review
    ? [
        [
          t('orders.review.items'),
          t('orders.review.itemsValue', {
            count: review.quantity,
            name: review.device.name,
            price: formatAmount(review.device.price),
          }),
          'order-review-items',
        ],
        [
          t('orders.review.addon'),
          review.addon
            ? t('orders.review.addonValue', {
                name: review.addon.name,
                price: formatAmount(review.addon.price),
              })
            : t('orders.review.noAddon'),
          'order-review-addon',
        ],
        [t('orders.form.total'), <strong key="total">{usdt(review.total)}</strong>, 'order-review-total'],
        [t('orders.form.payment'), t('orders.form.payBalance'), 'order-review-payment'],
      ]
    : [];
  return (
    <Modal
      opened={review !== null}
      onClose={onClose}
      title={t('orders.review.title')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {review && (
        <Stack data-testid="order-review">
          <Table variant="vertical" layout="fixed" withTableBorder>
            <Table.Tbody>
              {rows.map(([label, value, testId]) => (
                <Table.Tr key={testId}>
                  <Table.Th w="40%" style={{ overflowWrap: 'anywhere' }}>
                    {label}
                  </Table.Th>
                  <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          <BalanceCheck funds={funds} onDeposit={onClose} testId="order-funds" />
          <ErrorNote lines={refusal} testId="order-error" />
          <OfferNote />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('common.back')}
            </Button>
            <Button
              loading={placing}
              disabled={funds.shortfall !== null}
              onClick={onConfirm}
              data-testid="order-confirm"
            >
              {t('orders.review.pay', { total: formatAmount(review.total) })}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
