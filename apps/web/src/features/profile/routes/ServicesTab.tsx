import { Anchor, Badge, Button, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { CopyValue } from '../../../components/CopyValue';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';
import { useDexSafeCode } from '../api/get-dexsafe-code';
import { useServices } from '../api/get-services';
import { useMakeProfixoneLink } from '../api/make-profixone-link';
import { ErrorNote } from '../../../components/ErrorNote';

function ServiceCard({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" data-testid={testId}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {title}
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function DexPoint() {
  const { t } = useTranslation();
  const services = useServices();
  if (!services.data) return <Spinner />;
  const { dexpoint } = services.data;
  return (
    <ServiceCard title={t('profile.services.dexpoint.title')} testId="service-dexpoint">
      <Group gap="xs">
        <Badge color={dexpoint.status === 'active' ? 'green' : 'gray'} data-testid="dexpoint-status">
          {t(`profile.services.dexpoint.${dexpoint.status}`)}
        </Badge>
        <Text size="sm">
          {t('profile.services.dexpoint.nodes', {
            devices: dexpoint.devices,
            virtual: dexpoint.virtual_nodes,
          })}
        </Text>
      </Group>
      <Text size="sm">{t('profile.services.dexpoint.text')}</Text>
      <Anchor component={Link} to="/shop" size="sm">
        {t('profile.services.dexpoint.shop')}
      </Anchor>
    </ServiceCard>
  );
}

function DexSafe() {
  const { t } = useTranslation();
  const [shown, setShown] = useState(false);
  const code = useDexSafeCode(shown);
  return (
    <ServiceCard title={t('profile.services.dexsafe.title')} testId="service-dexsafe">
      <Text size="sm">{t('profile.services.dexsafe.text')}</Text>
      {shown && code.data ? (
        <>
          <CopyValue value={code.data.code} testId="dexsafe-code" />
          <Text size="xs" c="dimmed">
            {t('profile.services.dexsafe.private')}
          </Text>
        </>
      ) : (
        <>
          {shown && <ErrorNote error={code.error} testId="dexsafe-error" />}
          <Button
            variant="light"
            loading={shown && code.isFetching}
            // After a failure the same button asks again.
            onClick={() => (shown ? void code.refetch() : setShown(true))}
            data-testid="dexsafe-show"
          >
            {t('profile.services.dexsafe.show')}
          </Button>
        </>
      )}
    </ServiceCard>
  );
}

function ProfiXone() {
  const { t } = useTranslation();
  const make = useMakeProfixoneLink();
  const expiresAt = make.data?.expires_at;
  const { reset } = make;
  // A link that has expired would open a refusal: the button to make a new one comes back instead.
  useEffect(() => {
    if (!expiresAt) return undefined;
    const timer = setTimeout(reset, Math.max(0, Date.parse(expiresAt) - Date.now()));
    return () => clearTimeout(timer);
  }, [expiresAt, reset]);
  return (
    <ServiceCard title={t('profile.services.profixone.title')} testId="service-profixone">
      <Text size="sm">{t('profile.services.profixone.text')}</Text>
      {make.data ? (
        <Stack gap={4}>
          <Button
            component="a"
            href={make.data.link}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="profixone-open"
          >
            {t('profile.services.profixone.open')}
          </Button>
          <Text size="xs" c="dimmed">
            {t('profile.services.profixone.expires', { time: formatDateTime(make.data.expires_at) })}
          </Text>
        </Stack>
      ) : (
        <Button
          variant="light"
          loading={make.isPending}
          onClick={() => make.mutate()}
          data-testid="profixone-make"
        >
          {t('profile.services.profixone.make')}
        </Button>
      )}
    </ServiceCard>
  );
}

function Described({ name, slug }: { name: 'cloud' | 'mobile'; slug: string }) {
  const { t } = useTranslation();
  return (
    <ServiceCard title={t(`profile.services.${name}.title`)} testId={`service-${slug}`}>
      <Text size="sm">{t(`profile.services.${name}.text`)}</Text>
      <Anchor component={Link} to={`/wiki/${slug}`} size="sm">
        {t('profile.services.readMore')}
      </Anchor>
    </ServiceCard>
  );
}

/** /profile/services: the DexNet services, what each is, and what the partner can do with it. */
export function ServicesTab() {
  const { t } = useTranslation();
  return (
    <Stack>
      <Text>{t('profile.services.intro')}</Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <DexPoint />
        <ProfiXone />
        <DexSafe />
        <Described name="cloud" slug="cloud-storage" />
        <Described name="mobile" slug="mobile-operator" />
      </SimpleGrid>
    </Stack>
  );
}
