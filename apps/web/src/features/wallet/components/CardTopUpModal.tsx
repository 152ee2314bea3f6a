import { Alert, Button, List, Modal, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { multiplyDecimals, NON_FIELD, ZCardPaymentRequest } from '@portal/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { countryName } from '../../../components/CountrySelect';
import { ApiError } from '../../../lib/api-client';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { formatAmount, listLocale, toApiAmount } from '../../../lib/format';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { usePayByCard } from '../api/card-payment';
import { useCardLimits } from '../api/get-card-limits';
import { useEuroRate } from '../api/get-euro-rate';

type TValues = {
  amount: string;
  card_number: string;
  expiry_month: string;
  expiry_year: string;
  cvc: string;
  holder_name: string;
};

/** USDT bought with a bank card (charged in euro), within the spec's restrictions. */
export function CardTopUpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const limits = useCardLimits();
  const rate = useEuroRate();
  const pay = usePayByCard();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<TValues>({
    initialValues: {
      amount: '',
      card_number: '',
      expiry_month: '',
      expiry_year: '',
      cvc: '',
      holder_name: '',
    },
    validate: (values) =>
      zodValidate(ZCardPaymentRequest, t)({ ...values, amount: toApiAmount(values.amount) }),
  });
  const euro =
    rate.data && form.values.amount
      ? multiplyDecimals(toApiAmount(form.values.amount), rate.data.rate, 2, 'up')
      : null;

  const close = () => {
    form.reset();
    pay.reset();
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };
  const submit = form.onSubmit(
    (values) =>
      pay.mutate(
        {
          ...values,
          amount: toApiAmount(values.amount),
          expiry_month: Number(values.expiry_month),
          expiry_year: Number(values.expiry_year),
          idempotencyKey,
        },
        {
          onSuccess: (answer) => {
            notify.success(t('wallet.card.approved', { amount: formatAmount(answer.amount) }));
            close();
          },
          onError: (error) => showServerErrors(form, error, t),
        },
      ),
    // A form the fields refuse is not sent: the last answer's message no longer applies.
    () => pay.reset(),
  );

  const locale = listLocale(currentLanguage());
  // Why the payment was not made (a decline and its reason, the service down, too many tries),
  // kept in the form until the next try; a field's own message stays on its field.
  const formError =
    pay.error instanceof ApiError && pay.error.status === 400
      ? fieldErrorsOf(pay.error, t)[NON_FIELD]
      : pay.error && !(pay.error instanceof ApiError && pay.error.status === 401)
        ? errorLines(pay.error, t)[0]
        : undefined;
  const errorRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (formError) errorRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [formError]);
  /** "29" is read as 2029: a card's year has four digits, and the field says so. */
  const expandYear = () => {
    const year = form.values.expiry_year.trim();
    if (/^[0-9]{2}$/.test(year)) form.setFieldValue('expiry_year', `20${year}`);
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={t('wallet.card.title')}
      size="md"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <form onSubmit={submit} noValidate>
        <Stack>
          {limits.data && (
            <Alert color="blue" title={t('wallet.card.restrictions')} data-testid="card-restrictions">
              <List size="sm">
                <List.Item>
                  {t('wallet.card.range', {
                    min: formatAmount(limits.data.min),
                    max: formatAmount(limits.data.max),
                  })}
                </List.Item>
                <List.Item>{t('wallet.card.kyc', { limit: formatAmount(limits.data.kyc_above) })}</List.Item>
                <List.Item>
                  {t('wallet.card.attempts', {
                    day: limits.data.attempts_per_day,
                    month: limits.data.attempts_per_month,
                  })}
                </List.Item>
                <List.Item>
                  {t('wallet.card.countries', {
                    countries: limits.data.allowed_countries
                      .map((code) => countryName(code, locale))
                      .join(', '),
                  })}
                </List.Item>
              </List>
            </Alert>
          )}
          <TextInput
            label={t('wallet.amount')}
            description={t('wallet.card.amountHint')}
            inputMode="decimal"
            required
            {...form.getInputProps('amount')}
          />
          {euro && <Text size="sm">{t('wallet.card.charged', { amount: formatAmount(euro) })}</Text>}
          <TextInput
            label={t('wallet.card.number')}
            inputMode="numeric"
            autoComplete="cc-number"
            required
            {...form.getInputProps('card_number')}
          />
          <SimpleGrid cols={{ base: 2, xs: 3 }}>
            <TextInput
              label={t('wallet.card.month')}
              placeholder={t('wallet.card.monthPlaceholder')}
              description={t('wallet.card.monthHint')}
              inputMode="numeric"
              autoComplete="cc-exp-month"
              maxLength={2}
              required
              {...form.getInputProps('expiry_month')}
            />
            <TextInput
              label={t('wallet.card.year')}
              placeholder={t('wallet.card.yearPlaceholder')}
              description={t('wallet.card.yearHint')}
              inputMode="numeric"
              autoComplete="cc-exp-year"
              maxLength={4}
              required
              {...form.getInputProps('expiry_year')}
              onBlur={expandYear}
            />
            <TextInput
              label={t('wallet.card.cvc')}
              description={t('wallet.card.cvcHint')}
              inputMode="numeric"
              autoComplete="cc-csc"
              required
              {...form.getInputProps('cvc')}
            />
          </SimpleGrid>
          <TextInput
            label={t('wallet.card.holder')}
            autoComplete="cc-name"
            required
            {...form.getInputProps('holder_name')}
          />
          {formError && (
            <Alert
              ref={errorRef}
              color="red"
              role="alert"
              title={t('wallet.card.notPaid')}
              data-testid="card-error"
            >
              {formError}
            </Alert>
          )}
          <Button type="submit" loading={pay.isPending}>
            {t('wallet.card.submit')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
