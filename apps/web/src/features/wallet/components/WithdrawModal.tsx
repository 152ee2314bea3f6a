import {
  Alert,
  Button,
  Group,
  Modal,
  NativeSelect,
  PasswordInput,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import {
  CURRENCY_PLACES,
  formatMinor,
  parseMinor,
  type TChainCurrency,
  type TNetwork,
  ZWithdrawRequest,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/CodeInput';
import { formatAmount, isAboveZero, toApiAmount } from '../../../lib/format';
import { fieldErrorsOf } from '../../../lib/errors';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useWithdrawalLimits } from '../api/get-withdrawal-limits';
import { useRequestWithdrawal } from '../api/request-withdrawal';
import { useAddressCheck } from '../api/validate-address';
import { CurrencySwitch } from './CurrencySwitch';

type TValues = {
  currency: TChainCurrency;
  network: TNetwork;
  address: string;
  amount: string;
  finance_password: string;
};
type Props = {
  opened: boolean;
  onClose: () => void;
  mfaEnabled: boolean;
  /** USDT owed from reversed bonuses (the profile's balances.debt): no withdrawal while above zero. */
  debt: string;
};

/** A withdrawal request: held at once, sent by the company after an admin's approval. */
export function WithdrawModal({ opened, onClose, mfaEnabled, debt }: Props) {
  const { t } = useTranslation();
  // The server refuses it anyway (withdrawalDebtOpen); saying so before the last click spares the form.
  const owing = isAboveZero(debt);
  const limits = useWithdrawalLimits();
  const request = useRequestWithdrawal();
  // One key per form: a retry after a lost answer is the same request, held once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [code, setCode] = useState('');
  const form = useForm<TValues>({
    initialValues: { currency: 'USDT', network: 'BEP-20', address: '', amount: '', finance_password: '' },
    validate: (values) => zodValidate(ZWithdrawRequest, t)({ ...values, amount: toApiAmount(values.amount) }),
  });
  const rule = limits.data?.find((limit) => limit.currency === form.values.currency);
  const [address] = useDebouncedValue(form.values.address.trim(), 300);
  const check = useAddressCheck(address);

  const amount = parseMinor(toApiAmount(form.values.amount) || '0', form.values.currency);
  const fee = rule ? parseMinor(rule.fee, form.values.currency) : null;
  const total =
    amount !== null && amount > 0n && fee !== null ? formatMinor(amount + fee, form.values.currency) : null;

  const close = () => {
    form.reset();
    setCode('');
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };
  const submit = form.onSubmit((values) => {
    if (owing) return;
    request.mutate(
      { ...values, amount: toApiAmount(values.amount), ...(mfaEnabled ? { code } : {}), idempotencyKey },
      {
        onSuccess: () => {
          notify.success(t('wallet.withdraw.requested'));
          close();
        },
        onError: (error) => {
          showServerErrors(form, error, t);
          setCode('');
        },
      },
    );
  });

  const addressNote = !address
    ? null
    : check.data?.valid
      ? check.data.network === form.values.network
        ? { ok: true, text: t('wallet.withdraw.addressOk', { network: check.data.network }) }
        : { ok: false, text: t('messages.addressWrongNetwork', { network: form.values.network }) }
      : check.data
        ? { ok: false, text: t('messages.addressInvalid') }
        : null;

  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('wallet.withdraw.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {owing && (
            <Alert
              color="red"
              title={t('wallet.withdraw.debtTitle')}
              id="withdraw-debt"
              data-testid="withdraw-debt"
            >
              <Text size="sm">{t('messages.withdrawalDebtOpen', { amount: formatAmount(debt) })}</Text>
              <Text size="sm" mt={4}>
                {t('wallet.withdraw.debtWhy')}
              </Text>
            </Alert>
          )}
          <CurrencySwitch
            value={form.values.currency}
            onChange={(currency) => form.setValues({ currency, network: 'BEP-20' })}
          />
          <NativeSelect
            label={t('wallet.network')}
            data={(rule?.networks ?? ['BEP-20']).map((network) => ({ value: network, label: network }))}
            {...form.getInputProps('network')}
          />
          <TextInput
            label={t('wallet.withdraw.address')}
            required
            {...form.getInputProps('address')}
            data-testid="withdraw-address"
          />
          {addressNote && !form.errors.address && (
            <Text size="sm" c={addressNote.ok ? 'teal.9' : 'red.9'} data-testid="withdraw-address-check">
              {addressNote.text}
            </Text>
          )}
          <TextInput
            label={t('wallet.amount')}
            inputMode="decimal"
            required
            {...form.getInputProps('amount')}
            data-testid="withdraw-amount"
          />
          {rule && (
            <Alert color="gray" data-testid="withdraw-fee">
              {t('wallet.withdraw.rules', {
                fee: formatAmount(rule.fee),
                min: formatAmount(rule.min),
                max: formatAmount(rule.max),
                currency: form.values.currency,
              })}
              {total && (
                <Text size="sm" fw={600} mt={4}>
                  {t('wallet.withdraw.total', { total: formatAmount(total), currency: form.values.currency })}
                </Text>
              )}
            </Alert>
          )}
          <PasswordInput
            label={t('fields.financePassword')}
            autoComplete="off"
            required
            {...form.getInputProps('finance_password')}
          />
          {mfaEnabled && (
            <CodeInput
              value={code}
              onChange={setCode}
              error={fieldErrorsOf(request.error, t).code}
              testId="withdraw-code"
            />
          )}
          <Group justify="flex-end">
            <Button
              type="submit"
              loading={request.isPending}
              disabled={owing || (mfaEnabled && code.length !== 6)}
              aria-describedby={owing ? 'withdraw-debt' : undefined}
              data-testid="withdraw-submit"
            >
              {t('wallet.withdraw.submit')}
            </Button>
          </Group>
          <Text size="xs" c="dimmed">
            {t('wallet.withdraw.places', { places: CURRENCY_PLACES[form.values.currency] })}
          </Text>
        </Stack>
      </form>
    </Modal>
  );
}
