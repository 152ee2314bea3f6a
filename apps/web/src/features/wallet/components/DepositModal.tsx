import { Alert, Badge, Box, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TChainCurrency, type TInvoice, ZInvoiceRequest } from '@portal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQuery } from '../../../api/get-profile';
import { CopyValue } from '../../../components/CopyValue';
import { formatAmount, toApiAmount } from '../../../lib/format';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateInvoice } from '../api/create-invoice';
import { usePaymentStatus } from '../api/get-payment-status';
import { CurrencySwitch } from './CurrencySwitch';

type Props = { opened: boolean; onClose: () => void };

/** A deposit on BEP-20: the partner's own address, the amount, and the live status of the payment. */
export function DepositModal({ opened, onClose }: Props) {
  const { t } = useTranslation();
  const [invoice, setInvoice] = useState<TInvoice | null>(null);
  const create = useCreateInvoice();
  const form = useForm<{ currency: TChainCurrency; amount: string }>({
    initialValues: { currency: 'USDT', amount: '' },
    validate: (values) =>
      zodValidate(ZInvoiceRequest, t)({ purpose: 'deposit', ...values, amount: toApiAmount(values.amount) }),
  });
  const close = () => {
    setInvoice(null);
    form.reset();
    onClose();
  };
  const submit = form.onSubmit((values) =>
    create.mutate(
      { purpose: 'deposit', ...values, amount: toApiAmount(values.amount) },
      { onSuccess: setInvoice, onError: (error) => showServerErrors(form, error, t) },
    ),
  );

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('wallet.deposit.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {invoice ? (
        <InvoiceView invoice={invoice} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <CurrencySwitch
              value={form.values.currency}
              onChange={(currency) => form.setFieldValue('currency', currency)}
            />
            <TextInput
              label={t('wallet.amount')}
              inputMode="decimal"
              required
              {...form.getInputProps('amount')}
              data-testid="deposit-amount"
            />
            <BepWarning />
            <Button type="submit" loading={create.isPending}>
              {t('wallet.deposit.submit')}
            </Button>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

function BepWarning() {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('wallet.deposit.warningTitle')}>
      {t('wallet.deposit.warning')}
    </Alert>
  );
}

function InvoiceView({ invoice }: { invoice: TInvoice }) {
  const { t } = useTranslation();
  const status = usePaymentStatus(invoice.id);
  const queryClient = useQueryClient();
  const state = status.data?.status ?? invoice.status;
  const confirmations = Math.min(status.data?.confirmations ?? 0, invoice.confirmations_required);

  useEffect(() => {
    if (state !== 'paid') return;
    notify.success(
      t('wallet.deposit.credited', { amount: formatAmount(invoice.amount), currency: invoice.currency }),
    );
    void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [state, invoice, queryClient, t]);

  return (
    <Stack>
      <Text size="sm">
        {t('wallet.deposit.send', { amount: formatAmount(invoice.amount), currency: invoice.currency })}
      </Text>
      <Box role="img" aria-label={t('wallet.deposit.qr')} style={{ alignSelf: 'center' }}>
        <QRCodeSVG value={invoice.address} size={180} marginSize={2} aria-hidden />
      </Box>
      <CopyValue value={invoice.address} testId="deposit-address" />
      <BepWarning />
      <Group justify="space-between">
        <Badge
          color={state === 'paid' ? 'teal' : state === 'expired' ? 'gray' : 'blue'}
          data-testid="deposit-status"
        >
          {t(`wallet.invoiceStatus.${state}`)}
        </Badge>
        <Text size="sm" data-testid="deposit-confirmations">
          {t('wallet.deposit.confirmations', {
            count: confirmations,
            required: invoice.confirmations_required,
          })}
        </Text>
      </Group>
      {status.data?.hash && (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {t('wallet.hash', { hash: status.data.hash })}
        </Text>
      )}
    </Stack>
  );
}
