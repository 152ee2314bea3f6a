import { Switch, Table, Text, Title } from '@mantine/core';
import { NOTICE_CHANNELS, NOTICE_KINDS, type TNoticeChannel, type TNoticeKind } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../../../lib/errors';
import { useNotificationSettings } from '../api/get-notification-settings';
import { useUpdateNotificationSettings } from '../api/update-notification-settings';

const KIND_LABELS = {
  bonuses: 'profile.notices.kinds.bonuses',
  deposits: 'profile.notices.kinds.deposits',
  withdrawals: 'profile.notices.kinds.withdrawals',
  orders: 'profile.notices.kinds.orders',
} as const satisfies Record<TNoticeKind, string>;

const CHANNEL_LABELS = {
  mail: 'profile.notices.channels.mail',
  bot: 'profile.notices.channels.bot',
} as const satisfies Record<TNoticeChannel, string>;

/** Which notices go by mail and by the bot: each switch saves at once. */
export function NotificationSwitches() {
  const { t } = useTranslation();
  const settings = useNotificationSettings();
  const update = useUpdateNotificationSettings();
  return (
    <>
      <Title order={2} size="h4" mb="xs">
        {t('profile.notices.title')}
      </Title>
      <Text size="sm" mb="sm">
        {t('profile.notices.intro')}
      </Text>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('profile.notices.kind')}</Table.Th>
            {NOTICE_CHANNELS.map((channel) => (
              <Table.Th key={channel}>{t(CHANNEL_LABELS[channel])}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {NOTICE_KINDS.map((kind) => (
            <Table.Tr key={kind}>
              <Table.Td>{t(KIND_LABELS[kind])}</Table.Td>
              {NOTICE_CHANNELS.map((channel) => (
                <Table.Td key={channel}>
                  <Switch
                    aria-label={`${t(KIND_LABELS[kind])}: ${t(CHANNEL_LABELS[channel])}`}
                    checked={settings.data?.[channel][kind] ?? false}
                    disabled={!settings.data || update.isPending}
                    onChange={(event) =>
                      update.mutate({ [channel]: { [kind]: event.currentTarget.checked } })
                    }
                    data-testid={`notice-${channel}-${kind}`}
                  />
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {update.error && (
        <Text c="red" size="sm" mt="xs">
          {errorLines(update.error, t).join(' ')}
        </Text>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t('profile.notices.botHint')}
      </Text>
    </>
  );
}
