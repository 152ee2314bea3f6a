import { Alert, Button, Group, Modal, Stack, Text, TextInput, Title } from '@mantine/core';
import { API_KEY_NAME_MAX, type TApiKeyCreated } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/CopyValue';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { useCreateApiKey } from '../api/create-api-key';

/** Creates a key with a name; the key is shown once, in a modal, with a copy button. */
export function CreateApiKey() {
  const { t } = useTranslation();
  const create = useCreateApiKey();
  const [name, setName] = useState('');
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const errors = fieldErrorsOf(create.error, t);
  const general = create.error && !errors.name ? errorLines(create.error, t) : [];

  return (
    <>
      <form
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(
            { name },
            {
              onSuccess: (answer) => {
                setCreated(answer);
                setName('');
              },
            },
          );
        }}
      >
        <Stack>
          <Title order={2} size="h4">
            {t('profile.apiKeys.createTitle')}
          </Title>
          <Text size="sm">{t('profile.apiKeys.intro')}</Text>
          <TextInput
            label={t('profile.apiKeys.name')}
            description={t('profile.apiKeys.nameHint')}
            required
            maxLength={API_KEY_NAME_MAX}
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name ?? (general.length > 0 ? general.join(' ') : undefined)}
            data-testid="api-key-name"
          />
          <Button
            type="submit"
            loading={create.isPending}
            disabled={!name.trim()}
            data-testid="api-key-create"
          >
            {t('profile.apiKeys.create')}
          </Button>
        </Stack>
      </form>
      <Modal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={t('profile.apiKeys.createdTitle')}
        closeButtonProps={{ 'aria-label': t('common.close') }}
        closeOnClickOutside={false}
      >
        {created && (
          <Stack>
            <Text>{t('profile.apiKeys.createdFor', { name: created.api_key.name })}</Text>
            <CopyValue value={created.key} testId="api-key-value" />
            <Alert color="orange" variant="light" title={t('profile.apiKeys.onceTitle')}>
              {t('profile.apiKeys.once')}
            </Alert>
            <Text size="sm">{t('profile.apiKeys.usage', { header: 'X-API-Key' })}</Text>
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)} data-testid="api-key-done">
                {t('profile.apiKeys.saved')}
              </Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </>
  );
}
