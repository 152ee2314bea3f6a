import { Alert, Group, SegmentedControl, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { TLeg } from '@portal/compensation';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatPercent, toApiAmount } from '../../../lib/format';
import { useBinaryWhatIf } from '../api/get-binary-what-if';
import { parseVolume, whatIf, WHAT_IF_RATE_BP } from '../lib/what-if';
import { Spinner } from '../../../components/Spinner';

/**
 * "What would I earn if my left (or right) leg adds X USDT of volume": my real legs, window and
 * status through the engine the server pays with. Loaded with its own chunk (the engine).
 */
export default function WhatIf() {
  const { t } = useTranslation();
  const base = useBinaryWhatIf();
  const [leg, setLeg] = useState<TLeg>('right');
  const [typed, setTyped] = useState('1000');
  if (!base.data) return <Spinner />;
  const volume = parseVolume(toApiAmount(typed));
  const result = volume === null ? null : whatIf(base.data, leg, volume);
  const usdt = (amount: string) => t('tariffs.usdt', { amount: formatAmount(amount) });
  const figures: [string, string, string][] = result
    ? [
        [t('tariffs.whatIf.paired'), usdt(result.paired), 'what-if-paired'],
        [
          t('tariffs.whatIf.gross', { rate: formatPercent(WHAT_IF_RATE_BP) }),
          usdt(result.gross),
          'what-if-gross',
        ],
        [t('tariffs.whatIf.credited'), usdt(result.credited), 'what-if-credited'],
        [t('tariffs.whatIf.lost'), usdt(result.lost), 'what-if-lost'],
      ]
    : [];
  return (
    <Stack gap="sm" data-testid="what-if">
      <Text size="sm" c="dimmed">
        {t('tariffs.whatIf.now', {
          left: formatAmount(base.data.left_unpaid),
          right: formatAmount(base.data.right_unpaid),
        })}
      </Text>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <Stack gap={4}>
          <Text size="sm" fw={500} id="what-if-leg">
            {t('tariffs.whatIf.leg')}
          </Text>
          <SegmentedControl
            aria-labelledby="what-if-leg"
            value={leg}
            onChange={(value) => setLeg(value)}
            data={[
              { value: 'left', label: t('tariffs.whatIf.left') },
              { value: 'right', label: t('tariffs.whatIf.right') },
            ]}
            data-testid="what-if-leg"
          />
        </Stack>
        <TextInput
          label={t('tariffs.whatIf.volume')}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          inputMode="decimal"
          error={volume === null ? t('tariffs.whatIf.invalid') : undefined}
          style={{ flex: '1 1 10rem' }}
          data-testid="what-if-volume"
        />
      </Group>
      {result && (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs" aria-live="polite">
            {figures.map(([label, value, testId]) => (
              <Stack key={testId} gap={0}>
                <Text size="xs" c="dimmed">
                  {label}
                </Text>
                <Text fw={700} data-testid={testId}>
                  {value}
                </Text>
              </Stack>
            ))}
          </SimpleGrid>
          {result.capTook !== '0.000000' && (
            <Text size="sm" c="orange.9" data-testid="what-if-cap">
              {t('tariffs.whatIf.capTook', { amount: formatAmount(result.capTook) })}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            {t('tariffs.whatIf.after', {
              left: formatAmount(result.left),
              right: formatAmount(result.right),
            })}
          </Text>
          {result.waiting && (
            <Alert color="blue" variant="light" data-testid="what-if-waiting">
              {t('tariffs.whatIf.waiting', { count: base.data.invited_buyers })}
            </Alert>
          )}
          {!result.waiting && result.mayNotEarn && (
            <Alert color="orange" variant="light" data-testid="what-if-inactive">
              {t('tariffs.whatIf.inactive')}
            </Alert>
          )}
        </>
      )}
    </Stack>
  );
}
