import { SimpleGrid, Stack, Text } from '@mantine/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useStructureList } from '../../../api/get-structure-list';
import { BarChartView, colorOf } from '../../../components/BarChartView';
import { formatAmount, formatCount, formatMonth, listLocale } from '../../../lib/format';
import { useIncomeByMonth } from '../api/get-income-by-month';
import { usePurchaseStatistics } from '../api/get-purchase-statistics';
import { incomeChart, monthsUpTo, noSales, noTeam } from '../lib/charts';

/** Months of income shown (the call takes 1..24). */
const INCOME_MONTHS = 12;

const usdt = (value: number) => `${formatAmount(value.toFixed(2))} USDT`;

function IncomeChart() {
  const { t } = useTranslation();
  const income = useIncomeByMonth(INCOME_MONTHS);
  const locale = listLocale();
  const chart = useMemo(
    () => (income.data ? incomeChart(income.data, monthsUpTo(new Date(), INCOME_MONTHS)) : null),
    [income.data],
  );
  return (
    <BarChartView
      id="chart-income"
      title={t('dashboard.charts.income')}
      dimension={t('wallet.card.month')}
      dataKey="month"
      failed={income.isError}
      data={chart?.data.map((row) => ({ ...row, month: formatMonth(row.month, locale) }))}
      series={(chart?.types ?? []).map((type, index) => ({
        name: type,
        label: t(`transactions.bonus.${type}`),
        color: colorOf(index),
      }))}
      format={usdt}
      stacked
      // One bonus type or five: which is which is said under the bars.
      legend
      empty={chart && chart.types.length === 0 ? t('dashboard.charts.noIncome') : null}
    />
  );
}

function LevelsChart() {
  const { t } = useTranslation();
  const levels = useStructureList();
  return (
    <BarChartView
      id="chart-levels"
      title={t('dashboard.charts.levels')}
      dimension={t('transactions.explain.level')}
      dataKey="level"
      failed={levels.isError}
      data={levels.data?.map((row) => ({ level: String(row.level), count: row.count }))}
      series={[{ name: 'count', label: t('dashboard.structure.users'), color: 'indigo.8' }]}
      format={formatCount}
      empty={levels.data && noTeam(levels.data) ? t('dashboard.charts.noTeam') : null}
    />
  );
}

function PackagesChart() {
  const { t } = useTranslation();
  const statistics = usePurchaseStatistics();
  return (
    <BarChartView
      id="chart-packages"
      title={t('dashboard.charts.packages')}
      dimension={t('tariffs.list')}
      dataKey="package"
      failed={statistics.isError}
      data={statistics.data?.purchase_statistics}
      series={[
        { name: 'left', label: t('transactions.explain.legs.left'), color: 'indigo.8' },
        { name: 'right', label: t('transactions.explain.legs.right'), color: 'teal.8' },
      ]}
      format={formatCount}
      empty={statistics.data && noSales(statistics.data) ? t('dashboard.charts.noSales') : null}
    >
      {statistics.data && !noSales(statistics.data) && (
        <Text size="sm" data-testid="binary-bonus">
          {`${t('transactions.bonus.binary')}: ${formatAmount(statistics.data.binary_bonus)} USDT`}
        </Text>
      )}
    </BarChartView>
  );
}

/** The statistics: loaded in their own chunk with the chart library (the dashboard shows them lazily). */
export function StatisticsCharts() {
  return (
    <Stack gap="lg">
      <IncomeChart />
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <LevelsChart />
        <PackagesChart />
      </SimpleGrid>
    </Stack>
  );
}
