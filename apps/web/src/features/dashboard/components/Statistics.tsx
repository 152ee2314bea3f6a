import { Box } from '@mantine/core';
import { useInViewport } from '@mantine/hooks';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Section } from './Section';
import { Spinner } from '../../../components/Spinner';

// The chart library (recharts under @mantine/charts) is the heaviest code of the dashboard:
// it loads in its own chunk, after the rest of the screen (docs/web-performance.md, first load).
const StatisticsCharts = lazy(() =>
  import('./StatisticsCharts').then((module) => ({ default: module.StatisticsCharts })),
);

/**
 * The statistics, drawn once the section comes near the screen: below the fold on a phone, the
 * chart library's evaluation and first drawing (about a third of the dashboard's main-thread
 * work) no longer block the first seconds (docs/web-performance.md, Lighthouse).
 */
export function Statistics() {
  const { t } = useTranslation();
  const { ref, inViewport } = useInViewport();
  const [seen, setSeen] = useState(false);
  if (inViewport && !seen) setSeen(true);
  return (
    <Section id="statistics" title={t('dashboard.charts.title')}>
      <Box ref={ref} mih={seen ? undefined : 240}>
        {seen && (
          <Suspense fallback={<Spinner size="sm" />}>
            <StatisticsCharts />
          </Suspense>
        )}
      </Box>
    </Section>
  );
}
