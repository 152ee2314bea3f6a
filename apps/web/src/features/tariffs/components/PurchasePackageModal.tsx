import { Alert, Button, Checkbox, Collapse, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import type { TPackage, TPackagePurchaseQuote } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useProfile } from '../../../api/get-profile';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { LegalLink } from '../../../components/LegalLinks';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';
import { mentorName } from '../../../lib/mentor';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { tagged } from '../../../lib/tagged';
import { useConfirmPackagePurchase } from '../api/confirm-package-purchase';
import { useRequestPackagePurchase } from '../api/request-package-purchase';
import { useRequestPromocodePurchase } from '../api/request-promocode-purchase';
import { TariffTerms } from './TariffTerms';

type Props = {
  /** The tariff to buy; null closes the modal. */
  target: TPackage | null;
  /** The tariff held while Active: the modal is then the upgrade (paying the difference). */
  current: TPackage | null;
  onClose: () => void;
};

/**
 * Buying or upgrading a tariff: the mentor confirmation (naming the mentor) and the terms (both
 * required), then the price asked by the server (the difference for an upgrade) against the USDT
 * balance, and the payment from it. A refusal shows here, once: the calls do not toast.
 */
export function PurchasePackageModal({ target, current, onClose }: Props) {
  const { t } = useTranslation();
  const [mentorConfirmed, setMentorConfirmed] = useState(false);
  const [termsAccepted, setTermsAccepted] = useState(false);
  const [showTerms, setShowTerms] = useState(false);
  const [tried, setTried] = useState(false);
  const [quote, setQuote] = useState<TPackagePurchaseQuote | null>(null);
  // One key per open modal: a retry after a lost answer charges once.
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const [promocode, setPromocode] = useState('');
  const plainRequest = useRequestPackagePurchase();
  const promoRequest = useRequestPromocodePurchase();
  const request = promocode.trim() ? promoRequest : plainRequest;
  const confirm = useConfirmPackagePurchase();
  const profile = useProfile();
  const mentor = profile.data ? mentorName(profile.data, t) : null;
  const funds = useFunds(quote?.total ?? '0');
  const promoError = fieldErrorsOf(promoRequest.error, t).promocode;
  // A refusal stays in the modal (the toast goes after 2 seconds); the code's own sits under its field.
  const requestError = request.error && !promoError ? errorLines(request.error, t).join('\n') : null;
  const payError = confirm.error ? errorLines(confirm.error, t).join('\n') : null;
  const upgrade = current !== null;

  const close = () => {
    setMentorConfirmed(false);
    setTermsAccepted(false);
    setShowTerms(false);
    setTried(false);
    setQuote(null);
    setPromocode('');
    promoRequest.reset();
    plainRequest.reset();
    confirm.reset();
    setIdempotencyKey(crypto.randomUUID());
    onClose();
  };

  const proceed = () => {
    setTried(true);
    if (!target || !mentorConfirmed || !termsAccepted) return;
    const body = { package_id: target.id, mentor_confirmed: true, terms_accepted: true } as const;
    const code = promocode.trim();
    // With a code, the promotions call prices it (the code is spent only when the quote is paid).
    if (code) promoRequest.mutate({ ...body, promocode: code }, { onSuccess: setQuote });
    else plainRequest.mutate(body, { onSuccess: setQuote });
  };

  return (
    <Modal
      opened={target !== null}
      onClose={close}
      title={upgrade ? t('tariffs.modal.upgradeTitle') : t('tariffs.modal.buyTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {target && (
        <Stack data-testid="package-modal">
          {upgrade ? (
            <Text>{t('tariffs.modal.upgradeFrom', { from: current.name, to: target.name })}</Text>
          ) : (
            <Text>{t('tariffs.modal.buying', { name: target.name, price: formatAmount(target.price) })}</Text>
          )}
          {quote === null ? (
            <>
              {funds.balance !== null && (
                <Text size="sm" c="dimmed" data-testid="package-balance">
                  {t('wallet.funds.balance', { amount: formatAmount(funds.balance) })}
                </Text>
              )}
              <Checkbox
                checked={mentorConfirmed}
                onChange={(event) => setMentorConfirmed(event.currentTarget.checked)}
                label={
                  mentor ? t('tariffs.modal.mentorNamed', { mentor }) : t('tariffs.modal.mentorConfirmed')
                }
                error={tried && !mentorConfirmed ? t('messages.mentorNotConfirmed') : undefined}
                data-testid="mentor-confirmed"
              />
              <Checkbox
                checked={termsAccepted}
                onChange={(event) => setTermsAccepted(event.currentTarget.checked)}
                label={tagged(t('tariffs.modal.termsAccepted'), {
                  offer: (text) => <LegalLink document="contract-offer">{text}</LegalLink>,
                  partnership: (text) => <LegalLink document="partnership-agreement">{text}</LegalLink>,
                })}
                error={tried && !termsAccepted ? t('messages.termsNotAccepted') : undefined}
                data-testid="terms-accepted"
              />
              <TextInput
                label={t('tariffs.modal.promocode')}
                description={t('tariffs.modal.promocodeHint')}
                value={promocode}
                maxLength={64}
                onChange={(event) => {
                  setPromocode(event.currentTarget.value);
                  // The refusal was for the code as it was: a changed code is not known to be wrong.
                  if (promoRequest.error) promoRequest.reset();
                }}
                error={promoError}
                data-testid="package-promocode"
              />
              <Button
                variant="subtle"
                size="compact-sm"
                onClick={() => setShowTerms((shown) => !shown)}
                aria-expanded={showTerms}
                style={{ alignSelf: 'flex-start' }}
              >
                {showTerms ? t('tariffs.modal.hideTerms') : t('tariffs.modal.readTerms')}
              </Button>
              <Collapse expanded={showTerms}>{showTerms && <TariffTerms />}</Collapse>
              {requestError && (
                <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
                  {requestError}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('tariffs.cancel')}
                </Button>
                <Button loading={request.isPending} onClick={proceed} data-testid="package-continue">
                  {t('tariffs.modal.continue')}
                </Button>
              </Group>
            </>
          ) : (
            <>
              <Stack gap={2} data-testid="package-quote">
                <Text size="sm">
                  {upgrade
                    ? t('tariffs.modal.difference', { amount: formatAmount(quote.price) })
                    : t('tariffs.modal.price', { amount: formatAmount(quote.price) })}
                </Text>
                <Text size="sm" data-testid="package-discount">
                  {t('tariffs.modal.discount', { amount: formatAmount(quote.discount) })}
                </Text>
                <Text fw={700} size="lg">
                  {t('tariffs.modal.total', { amount: formatAmount(quote.total) })}
                </Text>
                <Text size="xs" c="dimmed">
                  {t('tariffs.modal.expires', { time: formatDateTime(quote.expires_at) })}
                </Text>
              </Stack>
              {upgrade && <Alert color="gray">{t('tariffs.modal.upgradeCap')}</Alert>}
              <BalanceCheck funds={funds} onDeposit={close} testId="package-funds" />
              {payError && (
                <Alert
                  color="red"
                  role="alert"
                  style={{ whiteSpace: 'pre-line' }}
                  data-testid="package-pay-error"
                >
                  {payError}
                </Alert>
              )}
              <Group justify="flex-end">
                <Button variant="default" onClick={close}>
                  {t('tariffs.cancel')}
                </Button>
                <Button
                  loading={confirm.isPending}
                  // The server would refuse it: the Deposit button above is the way on.
                  disabled={funds.shortfall !== null}
                  data-testid="package-pay"
                  onClick={() =>
                    confirm.mutate(
                      { request_id: quote.request_id, idempotencyKey },
                      {
                        onSuccess: (answer) => {
                          notify.success(t('tariffs.modal.bought', { name: answer.package.name }));
                          close();
                        },
                      },
                    )
                  }
                >
                  {t('tariffs.modal.pay', { amount: formatAmount(quote.total) })}
                </Button>
              </Group>
            </>
          )}
        </Stack>
      )}
    </Modal>
  );
}
