import { Button, Card, Group, Modal, Stack, Text, Title } from '@mantine/core';
import type { TApiKey } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/Spinner';
import { formatDateTime } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useApiKeys } from '../api/list-api-keys';
import { useRevokeApiKey } from '../api/revoke-api-key';

/** The active keys (never the keys themselves: their first characters), each revoked after a confirmation. */
export function ApiKeyList() {
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const [revoking, setRevoking] = useState<TApiKey | null>(null);

  return (
    <section aria-labelledby="api-keys-mine">
      <Title order={2} size="h4" mb="sm" id="api-keys-mine">
        {t('profile.apiKeys.listTitle')}
      </Title>
      {keys.isPending ? (
        <Spinner />
      ) : (keys.data ?? []).length === 0 ? (
        <Text c="dimmed">{t('profile.apiKeys.none')}</Text>
      ) : (
        <Stack gap="xs" data-testid="api-keys">
          {(keys.data ?? []).map((key) => (
            <Card withBorder key={key.id} data-testid="api-key">
              <Group justify="space-between" wrap="wrap" gap="xs">
                <Stack gap={2} style={{ minWidth: 0 }}>
                  <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {key.name}
                  </Text>
                  <Text size="sm" ff="monospace" data-testid="api-key-prefix">
                    {t('profile.apiKeys.prefix', { prefix: key.prefix })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('profile.apiKeys.created', { date: formatDateTime(key.created_at) })}
                  </Text>
                  <Text size="sm" c="dimmed" data-testid="api-key-last-used">
                    {key.last_used_at
                      ? t('profile.apiKeys.lastUsed', { date: formatDateTime(key.last_used_at) })
                      : t('profile.apiKeys.neverUsed')}
                  </Text>
                </Stack>
                <Button
                  color="red"
                  variant="light"
                  onClick={() => setRevoking(key)}
                  aria-label={t('profile.apiKeys.revokeNamed', { name: key.name })}
                  data-testid="api-key-revoke"
                >
                  {t('profile.apiKeys.revoke')}
                </Button>
              </Group>
            </Card>
          ))}
        </Stack>
      )}
      <Modal
        opened={revoking !== null}
        onClose={() => setRevoking(null)}
        title={t('profile.apiKeys.confirmTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
      >
        {revoking && (
          <Stack>
            <Text style={{ overflowWrap: 'anywhere' }}>
              {t('profile.apiKeys.confirm', { name: revoking.name, prefix: revoking.prefix })}
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setRevoking(null)}>
                {t('profile.apiKeys.cancel')}
              </Button>
              <Button
                color="red"
                loading={revoke.isPending}
                data-testid="api-key-revoke-confirm"
                onClick={() =>
                  revoke.mutate(revoking.id, {
                    onSuccess: () => {
                      notify.success(t('profile.apiKeys.revoked'));
                      setRevoking(null);
                    },
                  })
                }
              >
                {t('profile.apiKeys.revoke')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </section>
  );
}
