import '@mantine/charts/styles.css';
import { BarChart, type BarChartSeries } from '@mantine/charts';
import { Box, Button, getThemeColor, Group, Stack, Table, Text, Title, useMantineTheme } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCount } from '../lib/format';
import { Spinner } from './Spinner';
import { StackedTable } from './StackedTable';

/** Dark enough shades for bars on white (axe: 3:1 for graphics). */
const SERIES_COLORS = [
  'indigo.8',
  'teal.8',
  'orange.8',
  'grape.8',
  'cyan.8',
  'red.8',
  'lime.9',
  'pink.8',
  'yellow.9',
  'blue.8',
];
export const colorOf = (index: number) => SERIES_COLORS[index % SERIES_COLORS.length]!;

const axisTick = (value: number) => formatCount(Math.round(value));

export type TChartRow = Record<string, string | number | undefined>;

export type TChartProps = {
  id: string;
  title: string;
  /** The heading of the first column of the table view: what `dataKey` names. */
  dimension: string;
  dataKey: string;
  data: TChartRow[] | undefined;
  failed: boolean;
  series: BarChartSeries[];
  format: (value: number) => string;
  stacked?: boolean;
  /** Name the series under the chart (by default when there are several). */
  legend?: boolean;
  /** Said instead of the chart when there is nothing to draw yet (a new partner): one short line. */
  empty?: string | null;
  children?: ReactNode;
};

/**
 * Which colour is which series, under the chart: a swatch in the bar's own colour beside each
 * name (Mantine's legend draws its swatches with a style the app does not load, and a lone
 * name told the five bonus types and the two legs apart by nothing).
 */
function SeriesLegend({ series, id }: { series: BarChartSeries[]; id: string }) {
  const theme = useMantineTheme();
  return (
    <Group
      component="ul"
      gap="xs"
      justify="center"
      m={0}
      p={0}
      style={{ listStyle: 'none' }}
      data-testid={`${id}-legend`}
    >
      {series.map((item) => (
        <Group component="li" key={item.name} gap={6} wrap="nowrap">
          <Box
            aria-hidden
            data-testid="legend-swatch"
            w={12}
            h={12}
            style={{
              flex: 'none',
              borderRadius: 3,
              background: getThemeColor(item.color, theme),
            }}
          />
          {/* Dark text on white, whatever the swatch's colour: the name stays readable (WCAG AA). */}
          <Text size="sm" c="gray.8">
            {item.label}
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/**
 * A bar chart under its heading, with the same figures as a table one click away (for a screen
 * reader, and for reading exact values on a phone).
 */
export function BarChartView(props: TChartProps) {
  const { id, title, dimension, dataKey, data, failed, series, format, stacked, empty, children } = props;
  const legend = props.legend ?? series.length > 1;
  const { t } = useTranslation();
  const [asTable, view] = useDisclosure(false);
  return (
    <Stack gap="xs" component="figure" m={0} aria-labelledby={`${id}-title`} data-testid={id}>
      <Group justify="space-between" wrap="nowrap" gap="xs">
        <Title order={3} size="h5" id={`${id}-title`}>
          {title}
        </Title>
        {!empty && (
          <Button size="compact-xs" variant="subtle" onClick={view.toggle} aria-pressed={asTable}>
            {t('dashboard.charts.table')}
          </Button>
        )}
      </Group>
      {empty && data ? (
        <Text size="sm" c="dimmed" data-testid={`${id}-empty`}>
          {empty}
        </Text>
      ) : !data ? (
        failed ? (
          <Text c="red.9">{t('common.error')}</Text>
        ) : (
          <Spinner size="sm" />
        )
      ) : asTable ? (
        <StackedTable label={title} minWidth={320}>
          <Table>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{dimension}</Table.Th>
                {series.map((item) => (
                  <Table.Th key={item.name}>{item.label}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.map((row) => (
                <Table.Tr key={String(row[dataKey])}>
                  <Table.Td data-label={dimension}>{row[dataKey]}</Table.Td>
                  {series.map((item) => (
                    <Table.Td key={item.name} data-label={item.label}>
                      {format(Number(row[item.name] ?? 0))}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      ) : (
        <>
          <BarChart
            h={250}
            data={data}
            dataKey={dataKey}
            type={stacked ? 'stacked' : 'default'}
            series={series}
            valueFormatter={format}
            // The axis shows whole numbers only; the tooltip and the table, the exact figures.
            yAxisProps={{ width: 56, allowDecimals: false, tickFormatter: axisTick }}
            textColor="gray.8"
          />
          {legend && <SeriesLegend series={series} id={id} />}
        </>
      )}
      {children}
    </Stack>
  );
}
