import { Alert, Button, Paper, Stack, Text, Title } from '@mantine/core';
import type { TInvoice, TValidatorKey } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCountdown } from '../../../hooks/use-countdown';
import { formatAmount } from '../../../lib/format';
import { useKeyInvoice, usePayKey } from '../api/validator-keys';
import { ChainInvoice } from '../../../components/signed-in/ChainInvoice';
import { ErrorNote } from '../../../components/ErrorNote';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';

const pad = (value: number) => String(value).padStart(2, '0');

/**
 * A reserved key: the 15 minutes left to pay (spec), paid from the balance or by a chain invoice
 * (3 confirmations). `onCode` receives the activation code of a payment from the balance.
 * A key in USDT is paid from the USDT balance: its check comes before that button, which waits
 * while the balance is short (the chain invoice stays open). A key in DXN is paid from the DXN
 * balance or by a DXN invoice: no USDT check.
 */
export function Reservation({
  reserved,
  onCode,
}: {
  reserved: TValidatorKey;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  const pay = usePayKey();
  const invoiceCall = useKeyInvoice();
  const [invoice, setInvoice] = useState<TInvoice | null>(null);
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  const left = useCountdown(reserved.expires_at);
  const confirming = reserved.payment_confirming;
  const inUsdt = reserved.currency === 'USDT';
  const funds = useFunds(inUsdt ? reserved.amount : '0');
  const short = inUsdt && funds.shortfall !== null;

  return (
    <Paper withBorder p="md" data-testid="key-reservation">
      <Stack>
        <Title order={2} size="h4">
          {t('validatorKeys.reservation.title')}
        </Title>
        <Text size="sm">
          {t('validatorKeys.reservation.amount', {
            amount: formatAmount(reserved.amount),
            currency: reserved.currency,
          })}
        </Text>
        {confirming ? (
          <Alert color="blue">{t('validatorKeys.reservation.confirming')}</Alert>
        ) : (
          <Text size="sm" fw={600} data-testid="key-countdown" aria-live="off">
            {left
              ? t('validatorKeys.reservation.left', { time: `${pad(left.minutes)}:${pad(left.seconds)}` })
              : t('validatorKeys.reservation.over')}
          </Text>
        )}
        {!invoice && (
          <Stack gap="xs">
            {inUsdt && <BalanceCheck funds={funds} testId="key-funds" />}
            <Button
              loading={pay.isPending}
              disabled={(!left && !confirming) || short}
              onClick={() =>
                // The paid key leaves this card (it is no longer reserved) before a mutate() callback
                // would run: the promise hands the code to the page, which stays.
                void pay
                  .mutateAsync({ keyId: reserved.id, idempotencyKey })
                  .then((answer) => answer.activation_code && onCode(answer.activation_code))
                  .catch(() => undefined)
              }
              data-testid="key-pay-balance"
            >
              {t('validatorKeys.reservation.payBalance')}
            </Button>
            <ErrorNote error={pay.error} testId="key-pay-error" />
            <Button
              variant="light"
              loading={invoiceCall.isPending}
              disabled={!left && !confirming}
              onClick={() => invoiceCall.mutate(reserved.id, { onSuccess: setInvoice })}
            >
              {t('validatorKeys.reservation.payChain')}
            </Button>
          </Stack>
        )}
        {invoice && (
          <ChainInvoice
            invoice={invoice}
            testId="key-invoice"
            warning={t('validatorKeys.invoice.warning', { currency: invoice.currency })}
            paidMessage={t('validatorKeys.invoice.paid')}
            refreshes="validator-keys"
          />
        )}
      </Stack>
    </Paper>
  );
}
