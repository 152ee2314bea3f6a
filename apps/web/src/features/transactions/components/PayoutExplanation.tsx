import { Alert, Modal, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { TPayoutExplanation, TTeamMember } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDate, formatDateTime, formatPercent } from '../../../lib/format';
import { usePayoutExplanation } from '../api/get-payout-explanation';
import { Spinner } from '../../../components/Spinner';

/**
 * One of my bonuses explained (compensation-plan.md section 4: who bought what, level or leg,
 * base, rate, gross, what the cap took, the lost part and its deadline, plan version). Full screen
 * on a phone.
 */
export function PayoutExplanation({ payoutId, onClose }: { payoutId: number | null; onClose: () => void }) {
  const { t } = useTranslation();
  const phone = useMediaQuery('(max-width: 36em)');
  const explanation = usePayoutExplanation(payoutId);
  return (
    <Modal
      opened={payoutId !== null}
      onClose={onClose}
      title={t('transactions.explain.title')}
      fullScreen={phone}
      size="lg"
      closeButtonProps={{ 'aria-label': t('common.close') }}
    >
      {explanation.data ? (
        <Explanation payout={explanation.data} />
      ) : explanation.isError ? (
        <Text c="red.9">{t('transactions.explain.failed')}</Text>
      ) : (
        <Spinner />
      )}
    </Modal>
  );
}

function Explanation({ payout }: { payout: TPayoutExplanation }) {
  const { t } = useTranslation();
  const money = (amount: string) =>
    t('transactions.explain.money', { amount: formatAmount(amount), currency: payout.currency });
  const person = (member: TTeamMember) =>
    t('transactions.explain.person', {
      name: `${member.first_name} ${member.last_name}`.trim(),
      id: member.id,
    });
  const bonus = t(`transactions.bonus.${payout.bonus_type}`);
  const rows: [string, ReactNode, string?][] = [];
  const add = (label: string, value: ReactNode, testId?: string) => rows.push([label, value, testId]);

  add(t('transactions.explain.bonus'), bonus);
  add(t('transactions.explain.date'), formatDateTime(payout.date));
  if (payout.purchase) {
    const buyer = payout.buyer
      ? person(payout.buyer)
      : payout.bonus_type === 'dexid_promo'
        ? t('transactions.explain.promoBuyer')
        : t('transactions.explain.outsideBuyer');
    add(t('transactions.explain.buyer'), buyer, 'explain-buyer');
    add(
      t('transactions.explain.product'),
      payout.purchase.product_kind === 'tariff'
        ? t('tariffs.name', { name: payout.purchase.product_name })
        : `${t(`catalog.kinds.${payout.purchase.product_kind}`)}: ${payout.purchase.product_name}`,
      'explain-product',
    );
  }
  if (payout.period) add(t('transactions.explain.period'), payout.period, 'explain-period');
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
  add(t('transactions.explain.gross'), money(payout.gross));
  add(t('transactions.explain.credited'), money(payout.credited), 'explain-credited');
  add(t('transactions.explain.capTook'), money(payout.cap_took), 'explain-cap');
  add(t('transactions.explain.lost'), money(payout.lost), 'explain-lost');
  add(t('transactions.explain.planVersion'), payout.plan_version);

  const lost = payout.lost_profit;
  return (
    <Stack gap="sm" data-testid="payout-explanation">
      <Text fw={600} data-testid="explain-formula">
        {t('transactions.explain.formula', {
          rate: formatPercent(payout.rate_bp),
          base: money(payout.base),
          gross: money(payout.gross),
        })}
      </Text>
      <Table variant="vertical" layout="fixed" withTableBorder>
        <Table.Tbody>
          {rows.map(([label, value, testId]) => (
            <Table.Tr key={label}>
              <Table.Th w="45%">{label}</Table.Th>
              <Table.Td data-testid={testId} style={{ overflowWrap: 'anywhere' }}>
                {value}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
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
    </Stack>
  );
}
