import '@mantine/core/styles/Timeline.css';
import { Badge, Group, Text, Timeline } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatMonth, listLocale } from '../../../lib/format';
import { Section } from './Section';

type TMilestoneState = 'done' | 'current' | 'planned';

/** The company's road map: static content, its texts in the locales (dashboard.roadmap.items). */
const MILESTONES = [
  { key: 'network', month: '2025-03', state: 'done' },
  { key: 'devices', month: '2025-09', state: 'done' },
  { key: 'validators', month: '2026-04', state: 'done' },
  { key: 'portal', month: '2026-11', state: 'current' },
  { key: 'mobile', month: '2027-03', state: 'planned' },
  { key: 'exchange', month: '2027-09', state: 'planned' },
] as const satisfies readonly { key: string; month: string; state: TMilestoneState }[];

const BADGE: Record<TMilestoneState, string> = { done: 'teal.9', current: 'indigo.8', planned: 'gray.7' };

export function RoadMap() {
  const { t } = useTranslation();
  const reached =
    MILESTONES.filter((milestone: { state: TMilestoneState }) => milestone.state !== 'planned').length - 1;
  return (
    <Section id="roadmap" title={t('dashboard.roadmap.title')}>
      <Timeline active={reached} bulletSize={18} lineWidth={2} color="indigo.8">
        {MILESTONES.map((milestone) => (
          <Timeline.Item
            key={milestone.key}
            data-testid={`milestone-${milestone.key}`}
            title={
              <Group gap="xs" wrap="wrap">
                <Text fw={600} size="sm">
                  {t(`dashboard.roadmap.items.${milestone.key}`)}
                </Text>
                <Badge size="sm" color={BADGE[milestone.state]}>
                  {t(`dashboard.roadmap.state.${milestone.state}`)}
                </Badge>
              </Group>
            }
          >
            <Text size="xs" c="dimmed">
              {formatMonth(milestone.month, listLocale())}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
    </Section>
  );
}
