import { Anchor, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useActivePackage } from '../../../api/get-active-package';
import { CapMeter } from '../../../components/signed-in/CapMeter';
import { Section } from './Section';
import { Spinner } from '../../../components/Spinner';

/** The cap window of the partner's tariff, as on the tariffs screen, or the way to buy one. */
export function CapSummary() {
  const { t } = useTranslation();
  const active = useActivePackage();
  return (
    <Section id="cap" title={t('tariffs.mine')}>
      {active.isPending ? (
        <Spinner size="sm" />
      ) : !active.data?.package ? (
        <Text size="sm" data-testid="cap-none">
          {t('dashboard.cap.none')}{' '}
          <Anchor component={Link} to="/shop/packages">
            {t('tariffs.list')}
          </Anchor>
        </Text>
      ) : (
        <CapMeter active={active.data} />
      )}
    </Section>
  );
}
