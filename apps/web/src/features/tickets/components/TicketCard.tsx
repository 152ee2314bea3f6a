import { Badge, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { formatMinor, parseMinor, type TTicketInfo } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { productName } from '../../../lib/product-label';
import { notify } from '../../../lib/notify';
import { useBuyTickets } from '../api/buy-tickets';
import { PriceSteps } from './PriceSteps';
import { ScheduleModal } from './ScheduleModal';
import { OfferNote } from '../../../components/signed-in/OfferNote';
import { ErrorNote } from '../../../components/ErrorNote';
import { BalanceCheck, useFunds } from '../../../components/signed-in/BalanceCheck';

/**
 * The event ticket: the event it is for (name, start, venue), price now and by date, seats left,
 * the schedule, buying from the balance (its shortfall before Buy) or with a gift certificate.
 */
export function TicketCard({ info }: { info: TTicketInfo }) {
  const { t } = useTranslation();
  const buy = useBuyTickets();
  const [schedule, setSchedule] = useState(false);
  const [quantity, setQuantity] = useState('1');
  const [giftCode, setGiftCode] = useState('');
  const [idempotencyKey, setIdempotencyKey] = useState(() => crypto.randomUUID());
  const count = /^\d{1,2}$/.test(quantity.trim()) ? Number(quantity.trim()) : null;
  const unit = parseMinor(info.price, 'USDT');
  const total =
    count !== null && count > 0 && unit !== null ? formatMinor(unit * BigInt(count), 'USDT') : null;
  const errors = fieldErrorsOf(buy.error, t);
  const generalError =
    buy.error && !errors.quantity && !errors.gift_certificate_code ? errorLines(buy.error, t) : [];
  const renew = () => setIdempotencyKey(crypto.randomUUID());
  // Paid from the balance, unless a gift certificate tops it up first (its amount is checked then).
  const funds = useFunds(total ?? '0');
  const fromBalance = giftCode.trim() === '' && total !== null;
  const short = fromBalance && funds.shortfall !== null;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    buy.mutate(
      {
        quantity: count ?? 0,
        ...(giftCode.trim() ? { gift_certificate_code: giftCode.trim() } : {}),
        idempotencyKey,
      },
      {
        onSuccess: (answer) => {
          notify.success(t('tickets.bought', { n: answer.tickets.quantity }));
          setQuantity('1');
          setGiftCode('');
          renew();
        },
      },
    );
  };

  return (
    <Card withBorder data-testid="ticket-card">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Stack gap={0}>
            <Title order={2} size="h4" data-testid="ticket-event-name">
              {info.event?.name ?? productName(info, t)}
            </Title>
            {info.event && (
              <Text size="sm" c="dimmed">
                {productName(info, t)}
              </Text>
            )}
          </Stack>
          {info.sold_out ? (
            <Badge color="red.9" data-testid="ticket-sold-out">
              {t('tickets.soldOut')}
            </Badge>
          ) : (
            <Badge color="teal.9" data-testid="ticket-seats">
              {t('tickets.seatsLeft', { left: info.seats_left, seats: info.seats })}
            </Badge>
          )}
        </Group>
        {info.event_schedule[0] && (
          <Text size="sm" data-testid="ticket-event-starts">
            {t('tickets.eventStarts', { date: formatDateTime(info.event_schedule[0].starts_at) })}
          </Text>
        )}
        {info.event?.venue && (
          <Text size="sm" data-testid="ticket-event-venue">
            {t('tickets.venue', { venue: info.event.venue })}
          </Text>
        )}
        <Text size="xl" fw={700} data-testid="ticket-price">
          {t('tickets.usdt', { amount: formatAmount(info.price) })}
        </Text>
        <PriceSteps steps={info.price_schedule} />
        <Button variant="light" onClick={() => setSchedule(true)} data-testid="ticket-schedule-open">
          {t('tickets.scheduleButton')}
        </Button>
        {!info.sold_out && (
          <form onSubmit={submit} noValidate>
            <Stack gap="sm">
              <TextInput
                label={t('tickets.quantity')}
                description={t('tickets.quantityHint', { max: info.max_quantity })}
                inputMode="numeric"
                required
                value={quantity}
                onChange={(event) => {
                  setQuantity(event.currentTarget.value);
                  renew();
                }}
                error={errors.quantity}
                data-testid="ticket-quantity"
              />
              <TextInput
                label={t('tickets.giftCode')}
                description={t('tickets.giftCodeHint')}
                value={giftCode}
                autoComplete="off"
                onChange={(event) => {
                  setGiftCode(event.currentTarget.value);
                  renew();
                }}
                error={errors.gift_certificate_code}
                data-testid="ticket-gift-code"
              />
              {fromBalance && <BalanceCheck funds={funds} testId="ticket-funds" />}
              <ErrorNote lines={generalError} />
              <OfferNote />
              <Button
                type="submit"
                loading={buy.isPending}
                disabled={count === null || short}
                data-testid="ticket-buy"
              >
                {total !== null ? t('tickets.buyFor', { total: formatAmount(total) }) : t('tickets.buy')}
              </Button>
            </Stack>
          </form>
        )}
      </Stack>
      <ScheduleModal info={info} opened={schedule} onClose={() => setSchedule(false)} />
    </Card>
  );
}
