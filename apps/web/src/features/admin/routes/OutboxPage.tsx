import { Accordion, Anchor, Paper, Stack, Tabs, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../../components/PageTitle';
import { formatDate } from '../../../lib/format';
import { useBotOutbox } from '../api/list-bot-outbox';
import { useOutbox } from '../api/list-outbox';
import { Pager } from '../../../components/Pager';

/** Links in a mail's text, clickable. */
function MailText({ text }: { text: string }) {
  return (
    <Text size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {text.split(/(https?:\/\/\S+)/).map((part, index) =>
        /^https?:\/\//.test(part) ? (
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}

/**
 * Mail and bot messages written to the outboxes: the embedded defaults send none (no SMTP
 * server, no Telegram token), so admins read them here.
 */
export function OutboxPage() {
  const { t } = useTranslation();
  return (
    <Stack>
      <PageTitle>{t('admin.outbox.title')}</PageTitle>
      <Tabs defaultValue="mail" keepMounted={false}>
        <Tabs.List mb="md">
          <Tabs.Tab value="mail">{t('admin.outbox.mailTab')}</Tabs.Tab>
          <Tabs.Tab value="bot" data-testid="outbox-bot-tab">
            {t('admin.outbox.botTab')}
          </Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="mail">
          <MailOutbox />
        </Tabs.Panel>
        <Tabs.Panel value="bot">
          <BotOutbox />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function BotOutbox() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const outbox = useBotOutbox(page);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('admin.outbox.botIntro')}
      </Text>
      {outbox.data?.results.map((message) => (
        <Paper key={message.id} withBorder p="sm" data-testid="outbox-bot-message">
          <Text size="xs" c="dimmed">
            {t('admin.outbox.botMeta', { chat: message.chat_id, date: formatDate(message.created_at) })}
          </Text>
          <MailText text={message.text} />
        </Paper>
      ))}
      <Pager count={outbox.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}

function MailOutbox() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [to, setTo] = useState('');
  const [recipient] = useDebouncedValue(to.trim(), 300);
  const outbox = useOutbox(page, recipient);
  return (
    <Stack>
      <Text size="sm" c="dimmed">
        {t('admin.outbox.intro')}
      </Text>
      <TextInput
        label={t('admin.outbox.to')}
        value={to}
        onChange={(event) => {
          setTo(event.currentTarget.value);
          setPage(1);
        }}
      />
      <Accordion variant="separated">
        {outbox.data?.results.map((mail) => (
          <Accordion.Item key={mail.id} value={String(mail.id)} data-testid="outbox-mail">
            <Accordion.Control>
              <Text size="sm" fw={600}>
                {mail.subject}
              </Text>
              <Text size="xs" c="dimmed">
                {t('admin.outbox.meta', { to: mail.to, date: formatDate(mail.created_at) })}
              </Text>
            </Accordion.Control>
            <Accordion.Panel>
              <MailText text={mail.text} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
      <Pager count={outbox.data?.count ?? 0} page={page} onChange={setPage} />
    </Stack>
  );
}
