import { Alert, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatAmount } from '../../../lib/format';
import { translateMessage } from '../../../lib/i18n';
import { useCardPayment } from '../api/get-card-payment';

/**
 * How a card top-up went, when the card provider's page sends the partner back here
 * (`/transactions?card_payment=<id>`): asked again until it settles.
 */
export function CardPaymentNotice({ id, onClose }: { id: number; onClose: () => void }) {
  const { t } = useTranslation();
  const payment = useCardPayment(id).data;
  if (!payment) return null;
  const amount = formatAmount(payment.amount);
  const settledBad =
    payment.status === 'declined' || payment.status === 'refused' || payment.status === 'failed';
  return (
    <Alert
      color={payment.status === 'approved' ? 'teal' : settledBad ? 'red' : 'blue'}
      title={t('transactions.cardPayment.title')}
      icon={
        payment.status === 'pending' || payment.status === 'processing' ? <Loader size="xs" /> : undefined
      }
      withCloseButton
      closeButtonLabel={t('common.close')}
      onClose={onClose}
      role="status"
      data-testid="card-payment-notice"
      data-status={payment.status}
    >
      {payment.status === 'approved'
        ? t('wallet.card.approved', { amount })
        : settledBad
          ? t('transactions.cardPayment.notMade', {
              amount,
              reason: payment.reason ? translateMessage(t, payment.reason) : '',
            })
          : payment.status === 'pending'
            ? t('transactions.cardPayment.pending', { amount })
            : t('transactions.cardPayment.processing', { amount })}
    </Alert>
  );
}
