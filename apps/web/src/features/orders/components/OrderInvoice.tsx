import type { TInvoice } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { ChainInvoice } from '../../../components/signed-in/ChainInvoice';

/** An order's chain invoice: at the third confirmation the order is paid from the credit. */
export function OrderInvoice({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  return (
    <ChainInvoice
      invoice={invoice}
      testId="order-invoice"
      warning={t('orders.invoice.warning')}
      paidMessage={t('orders.invoice.paid')}
      refreshes="orders"
    />
  );
}
