import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { TValidatorKey, TValidatorKeyStatus } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { formatAmount, formatDateTime } from '../../../lib/format';
import { useIssueCode } from '../api/validator-keys';
import { Spinner } from '../../../components/Spinner';

const STATUS_COLOR: Record<TValidatorKeyStatus, string> = {
  reserved: 'blue.9',
  paid: 'orange.9',
  activated: 'teal.9',
  released: 'gray.7',
  expired: 'gray.7',
};

/** My keys: status, amount, and when each was reserved, paid and activated, with its deadline. */
export function MyKeys({
  keys,
  loading,
  onCode,
}: {
  keys: TValidatorKey[];
  loading: boolean;
  onCode: (code: string) => void;
}) {
  const { t } = useTranslation();
  const issue = useIssueCode();
  return (
    <section aria-labelledby="keys-mine">
      <Title order={2} size="h4" mb="sm" id="keys-mine">
        {t('validatorKeys.mine.title')}
      </Title>
      {loading ? (
        <Spinner />
      ) : keys.length === 0 ? (
        <Text c="dimmed">{t('validatorKeys.mine.none')}</Text>
      ) : (
        <Stack gap="xs" data-testid="my-keys">
          {keys.map((key) => (
            <Card withBorder key={key.id} data-testid="my-key">
              <Group justify="space-between" wrap="wrap" gap="xs" mb={4}>
                <Text fw={600}>{t('validatorKeys.mine.key', { id: key.id })}</Text>
                <Badge color={STATUS_COLOR[key.status]} data-testid="my-key-status">
                  {t(`validatorKeys.status.${key.status}`)}
                </Badge>
              </Group>
              <Text size="sm">
                {t('validatorKeys.mine.amount', { amount: formatAmount(key.amount), currency: key.currency })}
              </Text>
              <Text size="sm">
                {t('validatorKeys.mine.reserved', { date: formatDateTime(key.reserved_at) })}
              </Text>
              {key.paid_at && (
                <Text size="sm">{t('validatorKeys.mine.paid', { date: formatDateTime(key.paid_at) })}</Text>
              )}
              {key.activated_at && (
                <Text size="sm">
                  {t('validatorKeys.mine.activated', { date: formatDateTime(key.activated_at) })}
                </Text>
              )}
              {key.expires_at && (
                <Text size="sm" fw={600}>
                  {t(key.status === 'paid' ? 'validatorKeys.mine.activateBy' : 'validatorKeys.mine.payBy', {
                    date: formatDateTime(key.expires_at),
                  })}
                </Text>
              )}
              {key.status === 'paid' && !key.code_issued && (
                <Button
                  mt="xs"
                  size="compact-sm"
                  variant="light"
                  loading={issue.isPending}
                  onClick={() =>
                    void issue
                      .mutateAsync(key.id)
                      .then((answer) => answer.activation_code && onCode(answer.activation_code))
                      .catch(() => undefined)
                  }
                >
                  {t('validatorKeys.mine.showCode')}
                </Button>
              )}
            </Card>
          ))}
        </Stack>
      )}
    </section>
  );
}
