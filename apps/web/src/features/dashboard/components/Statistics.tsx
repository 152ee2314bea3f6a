import {} from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';
import { Spinner } from '../../../components/Spinner';

// The chart library (recharts under @mantine/charts) is the heaviest code of the dashboard:
// it loads in its own chunk, after the rest of the screen (docs/performance.md, first load).
const StatisticsCharts = lazy(() =>
  import('./StatisticsCharts').then((module) => ({ default: module.StatisticsCharts })),
);

export function Statistics() {
  const { t } = useTranslation();
  return (
    <Section id="statistics" title={t('dashboard.charts.title')}>
      <Suspense fallback={<Spinner size="sm" />}>
        <StatisticsCharts />
      </Suspense>
    </Section>
  );
}
