import { Button, Paper, Stack, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useActivateKey } from '../api/validator-keys';

/** Activates a paid key with its one-time code, within 24 hours of the payment. */
export function ActivateForm() {
  const { t } = useTranslation();
  const activate = useActivateKey();
  const [code, setCode] = useState('');
  const fieldError = fieldErrorsOf(activate.error, t).code;

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    activate.mutate(code, {
      onSuccess: () => {
        notify.success(t('validatorKeys.activate.done'));
        setCode('');
      },
      onError: (error) => {
        if (!fieldErrorsOf(error, t).code) notify.error(errorLines(error, t));
      },
    });
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('validatorKeys.activate.title')}
          </Title>
          <TextInput
            label={t('validatorKeys.activate.code')}
            description={t('validatorKeys.activate.hint')}
            required
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={fieldError}
            data-testid="activate-code"
          />
          <Button
            type="submit"
            loading={activate.isPending}
            disabled={code.trim() === ''}
            data-testid="activate"
          >
            {t('validatorKeys.activate.submit')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
