import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/CopyValue';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';
import { usePromocodes } from '../api/list-promocodes';

/** The partner's codes, newest first: the code and its sign-up link to copy, uses, validity. */
export function PromocodeList() {
  const { t } = useTranslation();
  const codes = usePromocodes();

  return (
    <section aria-labelledby="promocodes-mine">
      <Title order={2} size="h4" mb="sm" id="promocodes-mine">
        {t('profile.promocodes.listTitle')}
      </Title>
      {codes.isPending ? (
        <Spinner />
      ) : (codes.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('profile.promocodes.none')}</Text>
      ) : (
        <Stack gap="xs" data-testid="promocodes">
          {(codes.data ?? []).map((code) => (
            <Card withBorder key={code.promocode} data-testid="promocode">
              <Stack gap={6}>
                <Group gap="xs" wrap="wrap">
                  <Badge variant="light">{t(`profile.promocodes.kinds.${code.kind}`)}</Badge>
                  <Badge variant="outline">{t('profile.promocodes.off', { percent: code.discount })}</Badge>
                  <Badge color={code.active ? 'green' : 'gray'} data-testid="promocode-status">
                    {code.active ? t('profile.promocodes.active') : t('profile.promocodes.inactive')}
                  </Badge>
                </Group>
                <CopyValue value={code.promocode} testId="promocode-value" />
                <Text size="xs" c="dimmed">
                  {t('profile.promocodes.link')}
                </Text>
                <CopyValue
                  value={`${window.location.origin}/sign-up/${code.promocode}`}
                  testId="promocode-link"
                />
                <Text size="sm" c="dimmed" data-testid="promocode-uses">
                  {t('profile.promocodes.uses', { n: code.uses })}
                </Text>
                <Text size="sm" c="dimmed">
                  {code.expires_at
                    ? t('profile.promocodes.expires', { date: formatDateTime(code.expires_at) })
                    : t('profile.promocodes.noExpiry')}
                </Text>
              </Stack>
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
