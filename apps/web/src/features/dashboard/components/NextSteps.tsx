import { Badge, Button, CopyButton, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import type { TProfile } from '@portal/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useActivePackage } from '../../../api/get-active-package';
import { withDeposit } from '../../../lib/funds';
import { useReferralStructureInfo } from '../api/get-referral-structure-info';
import { invitationLink } from '../lib/invitation';
import { NEXT_STEPS, nextSteps, type TNextStep } from '../lib/next-steps';
import { Section } from './Section';

/**
 * A new partner's way in (deposit, a tariff, the first invited partner), each step with its action
 * until it is done; gone once all are.
 */
export function NextSteps({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const { pathname, search } = useLocation();
  const active = useActivePackage();
  const structure = useReferralStructureInfo();
  const done = nextSteps(profile, active.data, structure.data);
  if (!done || NEXT_STEPS.every((step) => done[step])) return null;

  const actions: Record<TNextStep, ReactNode> = {
    deposit: (
      <Button size="xs" component={Link} to={{ pathname, search: withDeposit(search, '') }}>
        {t('wallet.deposit.open')}
      </Button>
    ),
    tariff: (
      <Button size="xs" component={Link} to="/shop/packages">
        {t('dashboard.next.tariff.action')}
      </Button>
    ),
    invite: (
      <CopyButton value={invitationLink(profile.referral_id)}>
        {({ copied, copy }) => (
          <Button size="xs" onClick={copy}>
            {copied ? t('common.copied') : t('dashboard.next.invite.action')}
          </Button>
        )}
      </CopyButton>
    ),
  };

  return (
    <Section id="next-steps" title={t('dashboard.next.title')}>
      <Stack gap="sm" component="ol" m={0} p={0} style={{ listStyle: 'none' }}>
        {NEXT_STEPS.map((step, index) => (
          <Group
            key={step}
            component="li"
            justify="space-between"
            align="center"
            wrap="wrap"
            gap="xs"
            data-testid={`next-${step}`}
            data-done={done[step] || undefined}
          >
            <Group gap="sm" wrap="nowrap" align="flex-start" style={{ flex: '1 1 14rem', minWidth: 0 }}>
              <ThemeIcon
                radius="xl"
                size="md"
                variant={done[step] ? 'filled' : 'light'}
                color={done[step] ? 'teal.9' : 'indigo'}
                aria-hidden
                fw={700}
              >
                {done[step] ? (
                  <svg width="14" height="14" viewBox="0 0 14 14">
                    <path d="M2 7.5 5.5 11 12 3.5" fill="none" stroke="currentColor" strokeWidth="2" />
                  </svg>
                ) : (
                  index + 1
                )}
              </ThemeIcon>
              <Stack gap={0} style={{ minWidth: 0 }}>
                <Text fw={600} td={done[step] ? 'line-through' : undefined}>
                  {t(`dashboard.next.${step}.title`)}
                </Text>
                {!done[step] && (
                  <Text size="sm" c="dimmed">
                    {t(`dashboard.next.${step}.hint`)}
                  </Text>
                )}
              </Stack>
            </Group>
            {done[step] ? <Badge color="teal.9">{t('dashboard.next.done')}</Badge> : actions[step]}
          </Group>
        ))}
      </Stack>
    </Section>
  );
}
