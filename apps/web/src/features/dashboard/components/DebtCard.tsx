import { List, Paper, Stack, Text, Title } from '@mantine/core';
import type { TDebt } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { formatAmount, formatDate, isAboveZero } from '../../../lib/format';
import { productLabel } from '../../../lib/product-label';
import { useDebts } from '../api/get-debts';

/**
 * What the partner owes from reversed bonuses (compensation-plan.md 5a), with each debt's reason:
 * shown only while `debt` (the profile's balances.debt) is above zero.
 */
export function DebtCard({ debt }: { debt: string }) {
  const { t } = useTranslation();
  const owing = isAboveZero(debt);
  const debts = useDebts(owing);
  if (!owing) return null;
  return (
    <Paper
      withBorder
      p="md"
      component="section"
      aria-labelledby="debt-title"
      data-testid="debt"
      style={{ borderColor: 'var(--mantine-color-red-9)' }}
    >
      <Title order={2} size="h4" mb="xs" id="debt-title">
        {t('dashboard.debt.title')}
      </Title>
      <Stack gap="xs">
        <Text fw={700} size="lg" c="red.9" data-testid="debt-total">
          {t('dashboard.debt.total', { amount: formatAmount(debt) })}
        </Text>
        <Text size="sm">{t('dashboard.debt.explain')}</Text>
        <Title order={3} size="h5" id="debt-list-title">
          {t('dashboard.debt.list')}
        </Title>
        {debts.isPending ? (
          <Spinner size="sm" />
        ) : (
          <List spacing="xs" listStyleType="none" aria-labelledby="debt-list-title" data-testid="debt-list">
            {debts.data?.debts.map((item) => (
              <DebtItem key={item.id} debt={item} />
            ))}
          </List>
        )}
      </Stack>
    </Paper>
  );
}

function DebtItem({ debt }: { debt: TDebt }) {
  const { t } = useTranslation();
  const bonus = t(`transactions.bonus.${debt.bonus_type}`);
  const product = debt.purchase ? productLabel(debt.purchase, t) : null;
  return (
    <List.Item data-testid={`debt-${debt.id}`} style={{ overflowWrap: 'anywhere' }}>
      <Text size="sm" fw={600} data-testid="debt-reason">
        {product
          ? t('dashboard.debt.reason', { bonus, product })
          : t('dashboard.debt.reasonNoPurchase', { bonus })}
      </Text>
      <Text size="sm" data-testid="debt-open">
        {t('dashboard.debt.open', {
          amount: formatAmount(debt.open),
          date: formatDate(debt.created_at),
        })}
      </Text>
      {isAboveZero(debt.repaid) && (
        <Text size="xs" c="dimmed" data-testid="debt-repaid">
          {t('dashboard.debt.repaid', {
            repaid: formatAmount(debt.repaid),
            amount: formatAmount(debt.amount),
          })}
        </Text>
      )}
    </List.Item>
  );
}
