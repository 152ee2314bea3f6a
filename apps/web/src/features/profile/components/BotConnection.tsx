import { Alert, Anchor, Badge, Button, Group, Stack, Text, Title } from '@mantine/core';
import type { TBotLink } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/CopyValue';
import { errorLines } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { useCreateBotLink } from '../api/create-bot-link';
import { useBotStatus } from '../api/get-bot-status';
import { useUnsubscribeBot } from '../api/unsubscribe-bot';

/**
 * The chat bot: connect (a code to send the bot, or its t.me link that sends it), the status,
 * and disconnect. While a code waits, the status is asked again until the chat is linked.
 */
export function BotConnection() {
  const { t } = useTranslation();
  const [link, setLink] = useState<TBotLink | null>(null);
  const status = useBotStatus(link !== null);
  const create = useCreateBotLink();
  const unsubscribe = useUnsubscribeBot();
  const linked = status.data?.linked === true;
  const waiting = link !== null && !linked;

  return (
    <Stack>
      <Group justify="space-between" wrap="nowrap">
        <Title order={2} size="h4">
          {t('profile.bot.title')}
        </Title>
        {status.data && (
          <Badge color={linked ? 'green' : 'gray'} variant="light" data-testid="bot-status">
            {linked ? t('profile.bot.connected') : t('profile.bot.notConnected')}
          </Badge>
        )}
      </Group>
      <Text size="sm">{t('profile.bot.intro')}</Text>
      {linked && status.data?.linked_at && (
        <Text size="sm" c="dimmed">
          {t('profile.bot.since', { date: formatDateTime(status.data.linked_at) })}
        </Text>
      )}
      {waiting && (
        <Stack gap="xs" data-testid="bot-link">
          <Text size="sm">{t('profile.bot.openLink')}</Text>
          <Anchor
            href={link.link}
            target="_blank"
            rel="noopener noreferrer"
            style={{ overflowWrap: 'anywhere' }}
          >
            {link.link}
          </Anchor>
          <Text size="sm">{t('profile.bot.orSend', { bot: `@${status.data?.bot_username ?? ''}` })}</Text>
          <CopyValue value={link.code} testId="bot-code" />
          <Text size="xs" c="dimmed">
            {t('profile.bot.expires', { date: formatDateTime(link.expires_at) })}
          </Text>
        </Stack>
      )}
      {unsubscribe.data === false && (
        <Alert color="orange" variant="light">
          {t('profile.bot.disconnectFailed')}
        </Alert>
      )}
      {(create.error || unsubscribe.error) && (
        <Alert color="red" variant="light">
          {errorLines(create.error ?? unsubscribe.error, t).join(' ')}
        </Alert>
      )}
      <Group>
        {linked ? (
          <Button
            color="red"
            variant="light"
            loading={unsubscribe.isPending}
            onClick={() => unsubscribe.mutate(undefined, { onSuccess: () => setLink(null) })}
            data-testid="bot-disconnect"
          >
            {t('profile.bot.disconnect')}
          </Button>
        ) : (
          <Button
            loading={create.isPending}
            onClick={() => create.mutate(undefined, { onSuccess: setLink })}
            data-testid="bot-connect"
          >
            {waiting ? t('profile.bot.newCode') : t('profile.bot.connect')}
          </Button>
        )}
      </Group>
    </Stack>
  );
}
