import { Anchor, Stack, Table, Text } from '@mantine/core';
import type { TBonusType, TReportAnswers, TReportKind, TReportQuery } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChartView, colorOf, type TChartRow } from '../../../components/BarChartView';
import { ErrorNote } from '../../../components/ErrorNote';
import { Spinner } from '../../../components/Spinner';
import { StackedTable } from '../../../components/StackedTable';
import {
  formatAmount,
  formatCount,
  formatDateTime,
  formatMonth,
  listLocale,
  utcDay,
} from '../../../lib/format';
import { productLabel } from '../../../lib/product-label';
import { rankName } from '../../../lib/ranks';
import { useReport } from '../api/get-report';

type TColumn<R> = { header: string; cell: (row: R) => ReactNode };

/** A report's table: a header per column, a row per record, and an optional total row. */
function ReportTable<R>(props: {
  label: string;
  columns: TColumn<R>[];
  rows: R[];
  rowKey: (row: R, index: number) => string;
  total?: ReactNode[];
  testId: string;
}) {
  const { t } = useTranslation();
  const { label, columns, rows, rowKey, total, testId } = props;
  if (rows.length === 0)
    return (
      <Text size="sm" c="dimmed" data-testid={`${testId}-empty`}>
        {t('admin.reports.empty')}
      </Text>
    );
  return (
    <StackedTable label={label} minWidth={640}>
      <Table striped data-testid={testId}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header}>{column.header}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => (
            <Table.Tr key={rowKey(row, index)}>
              {columns.map((column) => (
                <Table.Td key={column.header} data-label={column.header}>
                  {column.cell(row)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
          {total && (
            <Table.Tr data-testid={`${testId}-total`}>
              {total.map((cell, index) => (
                <Table.Td
                  key={columns[index]!.header}
                  data-label={columns[index]!.header}
                  // A phone's stacked row shows only the total's figures.
                  data-empty={cell === '' ? true : undefined}
                  fw={700}
                >
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          )}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}

const usdt = (amount: string) => `${formatAmount(amount)} USDT`;
const usdtNumber = (value: number) => `${formatAmount(value.toFixed(2))} USDT`;

/** A period by its first day: the day, "week of" the Monday, or the month's name. */
function usePeriodLabel(query: TReportQuery) {
  const { t } = useTranslation();
  const locale = listLocale();
  return (period: string) =>
    query.group === 'month'
      ? formatMonth(period.slice(0, 7), locale)
      : query.group === 'week'
        ? t('admin.reports.weekOf', { day: utcDay(period) })
        : utcDay(period);
}

/** Rows of a chart: one per period (in order), a value per series name. */
function byPeriod<R extends { period: string }>(
  rows: R[],
  label: (period: string) => string,
  series: (row: R) => string,
  value: (row: R) => number,
): TChartRow[] {
  const periods = new Map<string, TChartRow>();
  for (const row of rows) {
    const point = periods.get(row.period) ?? { period: label(row.period) };
    const name = series(row);
    point[name] = Number(point[name] ?? 0) + value(row);
    periods.set(row.period, point);
  }
  return [...periods.values()];
}

const distinct = <T,>(values: T[]) => [...new Set(values)];

/** A partner as the reports list them: a link to their detail, and their email. */
function PartnerCell({ row }: { row: { user_id: number; name: string; email: string } }) {
  return (
    <Stack gap={0}>
      <Anchor component={Link} to={`/admin/users/${row.user_id}`} size="sm">
        {row.name || row.email}
      </Anchor>
      <Text size="xs" c="dimmed">
        {`#${row.user_id} · ${row.email}`}
      </Text>
    </Stack>
  );
}

function SalesView({ data, query }: { data: TReportAnswers['sales']; query: TReportQuery }) {
  const { t } = useTranslation();
  const period = usePeriodLabel(query);
  const kinds = distinct(data.rows.map((row) => row.kind));
  return (
    <>
      <BarChartView
        id="report-sales-chart"
        title={t('admin.reports.salesChart')}
        dimension={t('admin.reports.period')}
        dataKey="period"
        data={byPeriod(
          data.rows,
          period,
          (row) => row.kind,
          (row) => Number(row.amount),
        )}
        failed={false}
        series={kinds.map((kind, index) => ({
          name: kind,
          label: t(`catalog.kinds.${kind}`),
          color: colorOf(index),
        }))}
        format={usdtNumber}
        stacked
        legend
        empty={data.rows.length === 0 ? t('admin.reports.empty') : null}
      />
      <ReportTable
        label={t('admin.reports.kinds.sales')}
        testId="report-sales"
        rows={data.rows}
        rowKey={(row) => `${row.period}:${row.product_id}`}
        columns={[
          { header: t('admin.reports.period'), cell: (row) => period(row.period) },
          {
            header: t('admin.reports.product'),
            cell: (row) => productLabel({ product_kind: row.kind, product_name: row.product }, t),
          },
          { header: t('admin.reports.purchases'), cell: (row) => formatCount(row.purchases) },
          { header: t('admin.reports.units'), cell: (row) => formatCount(row.units) },
          { header: t('admin.reports.amount'), cell: (row) => usdt(row.amount) },
          { header: t('admin.reports.bv'), cell: (row) => formatAmount(row.bv) },
          { header: t('admin.reports.refunded'), cell: (row) => formatCount(row.refunded) },
        ]}
        total={[
          t('admin.reports.total'),
          '',
          formatCount(data.total.purchases),
          '',
          usdt(data.total.amount),
          formatAmount(data.total.bv),
          '',
        ]}
      />
    </>
  );
}

function BonusesView({ data }: { data: TReportAnswers['bonuses'] }) {
  const { t } = useTranslation();
  const type = (name: TBonusType) => t(`transactions.bonus.${name}`);
  const inUsdt = data.rows.filter((row) => row.currency === 'USDT');
  return (
    <>
      <BarChartView
        id="report-bonuses-chart"
        title={t('admin.reports.bonusesChart')}
        dimension={t('admin.reports.bonusType')}
        dataKey="type"
        data={inUsdt.map((row) => ({
          type: type(row.bonus_type),
          credited: Number(row.credited),
          lost: Number(row.lost),
        }))}
        failed={false}
        series={[
          { name: 'credited', label: t('admin.reports.credited'), color: colorOf(1) },
          { name: 'lost', label: t('admin.reports.lost'), color: colorOf(2) },
        ]}
        format={usdtNumber}
        stacked
        empty={inUsdt.length === 0 ? t('admin.reports.empty') : null}
      />
      <ReportTable
        label={t('admin.reports.kinds.bonuses')}
        testId="report-bonuses"
        rows={data.rows}
        rowKey={(row) => `${row.bonus_type}:${row.currency}`}
        columns={[
          { header: t('admin.reports.bonusType'), cell: (row) => type(row.bonus_type) },
          { header: t('admin.reports.payouts'), cell: (row) => formatCount(row.payouts) },
          { header: t('admin.reports.gross'), cell: (row) => `${formatAmount(row.gross)} ${row.currency}` },
          {
            header: t('admin.reports.credited'),
            cell: (row) => `${formatAmount(row.credited)} ${row.currency}`,
          },
          { header: t('admin.reports.lost'), cell: (row) => `${formatAmount(row.lost)} ${row.currency}` },
          {
            header: t('admin.reports.reversed'),
            cell: (row) => `${formatAmount(row.reversed)} ${row.currency}`,
          },
        ]}
      />
    </>
  );
}

function PayoutsView({ data, query }: { data: TReportAnswers['payouts']; query: TReportQuery }) {
  const { t } = useTranslation();
  const period = usePeriodLabel(query);
  const inUsdt = data.rows.filter((row) => row.currency === 'USDT');
  const statuses = distinct(inUsdt.map((row) => row.status));
  return (
    <>
      <BarChartView
        id="report-payouts-chart"
        title={t('admin.reports.payoutsChart')}
        dimension={t('admin.reports.period')}
        dataKey="period"
        data={byPeriod(
          inUsdt,
          period,
          (row) => row.status,
          (row) => Number(row.amount),
        )}
        failed={false}
        series={statuses.map((status, index) => ({
          name: status,
          label: t(`transactions.status.${status}`),
          color: colorOf(index),
        }))}
        format={usdtNumber}
        stacked
        legend
        empty={inUsdt.length === 0 ? t('admin.reports.empty') : null}
      />
      <ReportTable
        label={t('admin.reports.kinds.payouts')}
        testId="report-payouts"
        rows={data.rows}
        rowKey={(row) => `${row.period}:${row.currency}:${row.status}`}
        columns={[
          { header: t('admin.reports.period'), cell: (row) => period(row.period) },
          { header: t('admin.reports.status'), cell: (row) => t(`transactions.status.${row.status}`) },
          { header: t('admin.reports.count'), cell: (row) => formatCount(row.count) },
          { header: t('admin.reports.amount'), cell: (row) => `${formatAmount(row.amount)} ${row.currency}` },
          { header: t('admin.reports.fee'), cell: (row) => `${formatAmount(row.fee)} ${row.currency}` },
        ]}
      />
    </>
  );
}

function DebtsView({ data }: { data: TReportAnswers['debts'] }) {
  const { t } = useTranslation();
  return (
    <>
      <Text size="sm" data-testid="report-debts-summary">
        {t('admin.reports.debtsSummary', { partners: data.total.partners, open: usdt(data.total.open) })}
      </Text>
      <ReportTable
        label={t('admin.reports.kinds.debts')}
        testId="report-debts"
        rows={data.rows}
        rowKey={(row) => String(row.user_id)}
        columns={[
          { header: t('admin.reports.partner'), cell: (row) => <PartnerCell row={row} /> },
          { header: t('admin.reports.debts'), cell: (row) => formatCount(row.debts) },
          { header: t('admin.reports.amount'), cell: (row) => usdt(row.amount) },
          { header: t('admin.reports.repaid'), cell: (row) => usdt(row.repaid) },
          { header: t('admin.reports.open'), cell: (row) => usdt(row.open) },
          { header: t('admin.reports.since'), cell: (row) => formatDateTime(row.since) },
        ]}
      />
    </>
  );
}

function TopEarnersView({ data }: { data: TReportAnswers['top-earners'] }) {
  const { t } = useTranslation();
  return (
    <ReportTable
      label={t('admin.reports.kinds.top-earners')}
      testId="report-top-earners"
      rows={data.rows}
      rowKey={(row) => String(row.user_id)}
      columns={[
        { header: t('admin.reports.place'), cell: (row) => formatCount(data.rows.indexOf(row) + 1) },
        { header: t('admin.reports.partner'), cell: (row) => <PartnerCell row={row} /> },
        { header: t('admin.reports.payouts'), cell: (row) => formatCount(row.payouts) },
        { header: t('admin.reports.credited'), cell: (row) => usdt(row.credited) },
        { header: t('admin.reports.lost'), cell: (row) => usdt(row.lost) },
      ]}
    />
  );
}

function RanksView({ data }: { data: TReportAnswers['ranks'] }) {
  const { t } = useTranslation();
  return (
    <>
      <BarChartView
        id="report-ranks-chart"
        title={t('admin.reports.ranksChart')}
        dimension={t('admin.reports.rank')}
        dataKey="rank"
        data={data.by_rank.map((row) => ({ rank: rankName(row.rank, t), count: row.count }))}
        failed={false}
        series={[{ name: 'count', label: t('admin.reports.partners'), color: colorOf(0) }]}
        format={formatCount}
        empty={data.by_rank.length === 0 ? t('admin.reports.empty') : null}
      />
      <ReportTable
        label={t('admin.reports.kinds.ranks')}
        testId="report-ranks"
        rows={data.rows}
        rowKey={(row) => `${row.user_id}:${row.rank}`}
        columns={[
          { header: t('admin.reports.partner'), cell: (row) => <PartnerCell row={row} /> },
          { header: t('admin.reports.rank'), cell: (row) => rankName(row.rank, t) },
          { header: t('admin.reports.reachedAt'), cell: (row) => formatDateTime(row.reached_at) },
          { header: t('admin.reports.credited'), cell: (row) => usdt(row.credited) },
        ]}
      />
    </>
  );
}

function NewPartnersView({ data, query }: { data: TReportAnswers['new-partners']; query: TReportQuery }) {
  const { t } = useTranslation();
  const period = usePeriodLabel(query);
  return (
    <>
      <BarChartView
        id="report-new-partners-chart"
        title={t('admin.reports.newPartnersChart')}
        dimension={t('admin.reports.period')}
        dataKey="period"
        data={data.rows.map((row) => ({
          period: period(row.period),
          signed_up: row.signed_up,
          with_tariff: row.with_tariff,
        }))}
        failed={false}
        series={[
          { name: 'signed_up', label: t('admin.reports.signedUp'), color: colorOf(0) },
          { name: 'with_tariff', label: t('admin.reports.withTariff'), color: colorOf(1) },
        ]}
        format={formatCount}
        empty={data.rows.length === 0 ? t('admin.reports.empty') : null}
      />
      <ReportTable
        label={t('admin.reports.kinds.new-partners')}
        testId="report-new-partners"
        rows={data.rows}
        rowKey={(row) => row.period}
        columns={[
          { header: t('admin.reports.period'), cell: (row) => period(row.period) },
          { header: t('admin.reports.signedUp'), cell: (row) => formatCount(row.signed_up) },
          { header: t('admin.reports.withTariff'), cell: (row) => formatCount(row.with_tariff) },
        ]}
        total={[
          t('admin.reports.total'),
          formatCount(data.total.signed_up),
          formatCount(data.total.with_tariff),
        ]}
      />
    </>
  );
}

/** Each report's view of its answer. */
const VIEWS: { [K in TReportKind]: (props: { data: TReportAnswers[K]; query: TReportQuery }) => ReactNode } =
  {
    sales: SalesView,
    bonuses: BonusesView,
    payouts: PayoutsView,
    debts: DebtsView,
    'top-earners': TopEarnersView,
    ranks: RanksView,
    'new-partners': NewPartnersView,
  };

function Loaded<K extends TReportKind>({ kind, query }: { kind: K; query: TReportQuery }) {
  const report = useReport(kind, query);
  if (report.isError) return <ErrorNote error={report.error} testId="report-error" />;
  if (!report.data) return <Spinner />;
  const View = VIEWS[kind] as (props: { data: TReportAnswers[K]; query: TReportQuery }) => ReactNode;
  return (
    <Stack gap="lg" data-testid={`report-${kind}-view`}>
      <View data={report.data} query={query} />
    </Stack>
  );
}

/** The report of `kind` over the query's days: its chart where one helps, its table. */
export function ReportView({ kind, query }: { kind: TReportKind; query: TReportQuery }) {
  // A report of another kind starts afresh: its answer has another shape.
  return <Loaded key={kind} kind={kind} query={query} />;
}
