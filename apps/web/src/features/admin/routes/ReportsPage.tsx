import { Button, Group, NativeSelect, Stack, Tabs, Text } from '@mantine/core';
import { REPORT_GROUPS, REPORT_KINDS, type TReportQuery } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { DateRangeInputs } from '../../../components/signed-in/DateRangeInputs';
import { ScrollingTabList } from '../../../components/signed-in/ScrollingTabList';
import { useExportReport } from '../api/get-report';
import { ReportView } from '../components/ReportViews';
import { reportFromSearch, searchFromReport } from '../lib/report-search';

/**
 * The back office's reports (finance): sales, bonuses, payouts, debts, top earners, ranks and new
 * partners over a range of days, each as a table (a chart where one reads better), and the rows
 * behind it as CSV. The report and its days are in the address, so a view can be shared.
 */
export function ReportsPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const { kind, query } = reportFromSearch(search);
  const exporting = useExportReport();
  const show = (next: { kind?: typeof kind; query?: Partial<TReportQuery> }) =>
    setSearch(searchFromReport(next.kind ?? kind, { ...query, ...next.query }), { replace: true });
  return (
    <Stack>
      <Group justify="space-between" align="center" wrap="wrap">
        <PageTitle>{t('admin.reports.title')}</PageTitle>
        <Button
          variant="light"
          onClick={() => exporting.mutate({ kind, query })}
          loading={exporting.isPending}
          data-testid="report-export"
        >
          {t('common.exportCsv')}
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        {t('admin.reports.intro')}
      </Text>
      <Group align="flex-end" wrap="wrap">
        <DateRangeInputs
          idPrefix="reports"
          width={160}
          value={{ date_from: query.from, date_to: query.to }}
          // A cleared day falls back to the default range's (the last 30 days).
          onChange={(patch) =>
            show({
              query: {
                ...('date_from' in patch ? { from: patch.date_from ?? '' } : {}),
                ...('date_to' in patch ? { to: patch.date_to ?? '' } : {}),
              },
            })
          }
        />
        <NativeSelect
          label={t('admin.reports.group')}
          w={160}
          data={REPORT_GROUPS.map((group) => ({ value: group, label: t(`admin.reports.groups.${group}`) }))}
          value={query.group}
          onChange={(event) => show({ query: { group: event.currentTarget.value as TReportQuery['group'] } })}
        />
      </Group>
      <Tabs
        value={kind}
        onChange={(value) => value && show({ kind: value as typeof kind })}
        keepMounted={false}
      >
        <ScrollingTabList value={kind}>
          {REPORT_KINDS.map((name) => (
            <Tabs.Tab key={name} value={name} style={{ flexShrink: 0 }}>
              {t(`admin.reports.kinds.${name}`)}
            </Tabs.Tab>
          ))}
        </ScrollingTabList>
      </Tabs>
      <ReportView kind={kind} query={query} />
    </Stack>
  );
}
