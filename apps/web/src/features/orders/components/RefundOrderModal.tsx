import { Alert, Button, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TAdminOrder, type TOrderStatus, ZAdminOrderRefundRequest } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ErrorNote } from '../../../components/ErrorNote';
import { generalErrorLines } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { useAdminRefundOrder } from '../api/admin-refund-order';

/** Paid and not delivered yet: the statuses the server refunds (api.md, POST admin/orders/{id}/refund/). */
export const REFUNDABLE_STATUSES: readonly TOrderStatus[] = [
  'PAID',
  'PROCESSED',
  'PREPARING_TO_SHIP',
  'SHIPPING',
];

/** The contract's longest reason (ZAdminOrderRefundRequest). */
const REASON_MAX = 500;

/**
 * An operator refunds a paid device order, saying why (kept in the audit log): what will happen is
 * spelled out before the click, the refunded amount after it, and a refusal stays in the dialog.
 */
export function RefundOrderModal({ order, onClose }: { order: TAdminOrder; onClose: () => void }) {
  const { t } = useTranslation();
  const refund = useAdminRefundOrder();
  // One key per dialog: a retry after a lost answer is the same refund, paid back once.
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<{ reason: string }>({
    initialValues: { reason: '' },
    validate: zodValidate(ZAdminOrderRefundRequest, t),
  });
  const general = generalErrorLines(refund.error, t);
  const submit = form.onSubmit((values) =>
    refund.mutate(
      { id: order.id, idempotencyKey, ...ZAdminOrderRefundRequest.parse(values) },
      { onError: (error) => showServerErrors(form, error, t) },
    ),
  );
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('orders.admin.refund.title', { number: order.number })}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {refund.data ? (
        <Stack>
          <Alert color="teal" role="status" data-testid="refund-done">
            {t('orders.admin.refund.done', {
              number: order.number,
              amount: formatAmount(refund.data.refunded),
            })}
          </Alert>
          <Button onClick={onClose} data-autofocus>
            {t('common.close')}
          </Button>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text size="sm" id="refund-what" style={{ overflowWrap: 'anywhere' }}>
              {t('orders.admin.refund.intro', { number: order.number })}
            </Text>
            <List size="sm" spacing={4} aria-labelledby="refund-what" style={{ overflowWrap: 'anywhere' }}>
              <List.Item>
                {t('orders.admin.refund.buyer', {
                  email: order.user_email,
                  amount: formatAmount(order.total),
                })}
              </List.Item>
              <List.Item>{t('orders.admin.refund.canceled')}</List.Item>
              <List.Item>{t('orders.admin.refund.bonuses')}</List.Item>
            </List>
            <Textarea
              label={t('orders.admin.refund.reason')}
              description={t('orders.admin.refund.reasonLength', {
                length: form.values.reason.length,
                max: REASON_MAX,
              })}
              required
              rows={4}
              maxLength={REASON_MAX}
              {...form.getInputProps('reason')}
              data-testid="refund-reason"
            />
            <ErrorNote lines={general} testId="refund-error" />
            <Button type="submit" color="red" loading={refund.isPending} data-testid="refund-submit">
              {t('orders.admin.refund.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
