import { Button, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { formatAmount } from '../../../lib/format';
import { notify } from '../../../lib/notify';
import { useActivateCertificate } from '../api/activate-certificate';

/** Activates a code: its amount is credited to my USDT balance. */
export function ActivateCertificate() {
  const { t } = useTranslation();
  const activate = useActivateCertificate();
  const [code, setCode] = useState('');
  const errors = fieldErrorsOf(activate.error, t);
  const general = activate.error && !errors.code ? errorLines(activate.error, t) : [];

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    activate.mutate(
      { code: code.trim() },
      {
        onSuccess: (answer) => {
          notify.success(t('gifts.activated', { amount: formatAmount(answer.amount) }));
          setCode('');
        },
      },
    );
  };

  return (
    <Paper withBorder p="md">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Title order={2} size="h4">
            {t('gifts.activateTitle')}
          </Title>
          <Text size="sm">{t('gifts.activateHint')}</Text>
          <TextInput
            label={t('gifts.code')}
            required
            autoComplete="off"
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={errors.code ?? (general.length > 0 ? general.join(' ') : undefined)}
            data-testid="gift-activate-code"
          />
          <Button
            type="submit"
            loading={activate.isPending}
            disabled={!code.trim()}
            data-testid="gift-activate"
          >
            {t('gifts.activate')}
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}
