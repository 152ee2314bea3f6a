import { Alert, Button, List, Modal, Stack, Text, TextInput } from '@mantine/core';
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
import { useOpenCardPayment } from '../api/card-payment';
import { useCardLimits } from '../api/get-card-limits';
import { useEuroRate } from '../api/get-euro-rate';

type TValues = { amount: string };

/** Where the browser goes to pay: the provider's page (a test stubs it). */
export const goTo = { url: (url: string) => window.location.assign(url) };

/**
 * USDT bought with a bank card (charged in euro), within the spec's restrictions. The portal
 * takes the amount; the card is typed on the card provider's own page, which sends the partner
 * back to Transactions (CardPaymentNotice shows how the payment went).
 */
export function CardTopUpModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const limits = useCardLimits();
  const rate = useEuroRate();
  const pay = useOpenCardPayment();
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const form = useForm<TValues>({
    initialValues: { amount: '' },
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
        { amount: toApiAmount(values.amount), idempotencyKey },
        {
          onSuccess: (answer) => goTo.url(answer.url),
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
          <Text size="sm" c="dimmed" data-testid="card-hosted-note">
            {t('wallet.card.hostedNote')}
          </Text>
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
          <Button type="submit" loading={pay.isPending || pay.isSuccess}>
            {t('wallet.card.continue')}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
