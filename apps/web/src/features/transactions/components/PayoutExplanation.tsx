import { Alert, Anchor, Button, Group, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TPayoutExplanation, TTeamMember } from '@portal/contracts';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formatAmount,
  formatDate,
  formatDateTime,
  formatMonth,
  formatPercent,
  isAboveZero,
  listLocale,
  utcDay,
} from '../../../lib/format';
import { productLabel } from '../../../lib/product-label';
import { rankName } from '../../../lib/ranks';
import { periodOf } from '../lib/period';
import { usePayoutExplanation } from '../api/get-payout-explanation';
import { Spinner } from '../../../components/Spinner';

type TTrail = { from: number | null; ids: number[]; moved: boolean };

/**
 * One of my bonuses explained (compensation-plan.md section 4: who bought what, level or leg,
 * base, rate, gross, what the cap took, the lost part and its deadline, plan version), or one of
 * its reversals (5a: what was taken back, what became debt). A credit and its reversals open each
 * other in the same dialog, with a way back. Full screen on a phone.
 */
export function PayoutExplanation({ payoutId, onClose }: { payoutId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  // The payouts opened from this one, for "Back"; forgotten when another line opens the dialog.
  const [trail, setTrail] = useState<TTrail>({ from: payoutId, ids: [], moved: false });
  const { ids, moved } = trail.from === payoutId ? trail : { ids: [], moved: false };
  const shownId = ids.at(-1) ?? payoutId;
  const explanation = usePayoutExplanation(shownId);
  const open = (id: number) => setTrail({ from: payoutId, ids: [...ids, id], moved: true });
  const back = () => setTrail({ from: payoutId, ids: ids.slice(0, -1), moved: true });
  const close = () => {
    setTrail({ from: null, ids: [], moved: false });
    onClose();
  };
  const reversal = typeof explanation.data?.reverses === 'number';
  return (
    <Modal
      opened={payoutId !== null}
      onClose={close}
      title={reversal ? t('transactions.explain.reversalTitle') : t('transactions.explain.title')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      <Stack gap="sm">
        {ids.length > 0 && (
          <Group>
            <Button variant="subtle" size="compact-sm" onClick={back} data-testid="explain-back">
              {t('common.back')}
            </Button>
          </Group>
        )}
        {explanation.data ? (
          <Explanation payout={explanation.data} onOpen={open} moved={moved} />
        ) : explanation.isError ? (
          <Text c="red.9">{t('transactions.explain.failed')}</Text>
        ) : (
          <Spinner />
        )}
      </Stack>
    </Modal>
  );
}

/** "-30.000000" -> "30.000000": a reversal's amounts are negative; the texts say "reversed". */
const unsigned = (amount: string) => amount.replace(/^-/, '');

function Explanation({
  payout,
  onOpen,
  moved,
}: {
  payout: TPayoutExplanation;
  onOpen: (id: number) => void;
  /** Shown after a move inside the dialog: the focus goes to it (the button pressed is gone). */
  moved: boolean;
}) {
  const { t } = useTranslation();
  const top = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (moved) top.current?.focus();
  }, [moved, payout.id]);
  const money = (amount: string) =>
    t('transactions.explain.money', { amount: formatAmount(amount), currency: payout.currency });
  const person = (member: TTeamMember) =>
    t('transactions.explain.person', {
      name: `${member.first_name} ${member.last_name}`.trim(),
      id: member.id,
    });
  const reversal = payout.reverses !== null;
  const bonus = t(`transactions.bonus.${payout.bonus_type}`);
  const rows: [string, ReactNode, string?][] = [];
  const add = (label: string, value: ReactNode, testId?: string) => rows.push([label, value, testId]);

  add(t('transactions.explain.bonus'), bonus);
  add(
    reversal ? t('transactions.explain.reversedOn') : t('transactions.explain.date'),
    formatDateTime(payout.date),
  );
  if (payout.purchase) {
    const buyer = payout.buyer
      ? person(payout.buyer)
      : payout.bonus_type === 'dexid_promo'
        ? t('transactions.explain.promoBuyer')
        : t('transactions.explain.outsideBuyer');
    add(t('transactions.explain.buyer'), buyer, 'explain-buyer');
    add(t('transactions.explain.product'), productLabel(payout.purchase, t), 'explain-product');
  }
  if (payout.position)
    add(
      t('transactions.explain.position'),
      t('transactions.explain.positionValue', { ordinal: payout.position.ordinal, of: payout.position.of }),
      'explain-position',
    );
  if (payout.period) {
    const period = periodOf(payout.period);
    if (period.kind === 'rank')
      add(t('transactions.explain.rank'), rankName(period.rank, t), 'explain-period');
    else
      add(
        t('transactions.explain.period'),
        period.kind === 'month'
          ? formatMonth(period.month, listLocale())
          : period.kind === 'day'
            ? utcDay(period.day)
            : period.text,
        'explain-period',
      );
  }
  if (payout.source_bonus_type) {
    const source = t(`transactions.bonus.${payout.source_bonus_type}`);
    add(
      t('transactions.explain.matched'),
      payout.source_payee
        ? t('transactions.explain.matchedOf', { bonus: source, name: person(payout.source_payee) })
        : t('transactions.explain.matchedOfTeam', { bonus: source }),
    );
  }
  if (payout.level !== null)
    add(t('transactions.explain.level'), t('transactions.explain.levelValue', { level: payout.level }));
  if (payout.leg) add(t('transactions.explain.leg'), t(`transactions.explain.legs.${payout.leg}`));
  add(t('transactions.explain.base'), money(payout.base));
  add(t('transactions.explain.rate'), formatPercent(payout.rate_bp));
  if (reversal) {
    add(t('transactions.explain.reversedAmount'), money(unsigned(payout.credited)), 'explain-reversed');
    add(t('transactions.explain.taken'), money(payout.taken), 'explain-taken');
    add(t('transactions.explain.debt'), money(payout.debt), 'explain-debt');
  } else {
    add(t('transactions.explain.gross'), money(payout.gross));
    add(t('transactions.explain.credited'), money(payout.credited), 'explain-credited');
    add(t('transactions.explain.capTook'), money(payout.cap_took), 'explain-cap');
    add(t('transactions.explain.lost'), money(payout.lost), 'explain-lost');
    if (isAboveZero(payout.debt_repaid))
      add(t('transactions.explain.debtRepaid'), money(payout.debt_repaid), 'explain-debt-repaid');
  }
  add(t('transactions.explain.planVersion'), payout.plan_version);

  const lost = payout.lost_profit;
  return (
    <Stack gap="sm" data-testid="payout-explanation" ref={top} tabIndex={-1} style={{ outline: 'none' }}>
      {reversal ? (
        <Text fw={600} data-testid="explain-reversal">
          {t('transactions.explain.reversalSummary', {
            bonus,
            amount: money(unsigned(payout.credited)),
          })}
        </Text>
      ) : (
        <Text fw={600} data-testid="explain-formula">
          {t('transactions.explain.formula', {
            rate: formatPercent(payout.rate_bp),
            base: money(payout.base),
            gross: money(payout.gross),
          })}
        </Text>
      )}
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%" style={{ overflowWrap: 'anywhere' }}>
                {label}
              </Table.Th>
              <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {reversal && isAboveZero(payout.debt) && (
        <Alert color="red" variant="light" role="note" data-testid="explain-debt-note">
          {t('transactions.explain.debtNote', { amount: money(payout.debt) })}
        </Alert>
      )}
      {payout.reverses !== null && (
        <Anchor
          component="button"
          type="button"
          size="sm"
          ta="start"
          onClick={() => onOpen(payout.reverses!)}
          data-testid="explain-open-reversed"
        >
          {t('transactions.explain.openReversed')}
        </Anchor>
      )}
      {lost && (
        <Alert
          color={lost.state === 'pending' ? 'orange' : 'gray'}
          variant="light"
          title={t('transactions.explain.lostTitle')}
          data-testid="explain-lost-profit"
        >
          {lost.state === 'pending'
            ? t('transactions.explain.lostPending', {
                amount: money(lost.pending),
                date: formatDateTime(lost.expires_at),
              })
            : lost.state === 'recovered'
              ? t('transactions.explain.lostRecovered', { amount: money(lost.recovered) })
              : lost.state === 'expired'
                ? t('transactions.explain.lostExpired', { date: formatDate(lost.expires_at) })
                : t('transactions.explain.lostCanceled')}
        </Alert>
      )}
      {payout.reversed_at && (
        <Text size="sm" c="dimmed">
          {t('transactions.explain.reversed', { amount: money(payout.reversed) })}
        </Text>
      )}
      {payout.reversed_by.length > 0 && (
        <Group gap="md">
          {payout.reversed_by.map((id, index) => (
            <Anchor
              key={id}
              component="button"
              type="button"
              size="sm"
              ta="start"
              onClick={() => onOpen(id)}
              data-testid="explain-open-reversal"
            >
              {payout.reversed_by.length === 1
                ? t('transactions.explain.openReversal')
                : t('transactions.explain.openReversalNumber', { number: index + 1 })}
            </Anchor>
          ))}
        </Group>
      )}
    </Stack>
  );
}
