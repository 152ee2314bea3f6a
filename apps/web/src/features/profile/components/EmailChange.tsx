import { Alert, Button, Divider, Stack, Text, TextInput, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZEmailChangeByMailRequest } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/CodeInput';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangeEmailByApp } from '../api/change-email-by-app';
import { useChangeEmailByMail } from '../api/change-email-by-mail';

/** Email change through a link to the current address, or at once with an authenticator code. */
export function EmailChange({ email, mfaEnabled }: { email: string; mfaEnabled: boolean }) {
  const { t } = useTranslation();
  const byMail = useChangeEmailByMail();
  const byApp = useChangeEmailByApp();
  const [code, setCode] = useState('');
  const form = useForm({
    initialValues: { new_email: '' },
    validate: zodValidate(ZEmailChangeByMailRequest, t),
  });

  const sendLink = form.onSubmit(({ new_email }) =>
    byMail.mutate(new_email, {
      onError: (error) => {
        notify.error(errorLines(error, t));
        showServerErrors(form, error, t);
      },
    }),
  );
  const changeNow = () => {
    if (form.validate().hasErrors) return;
    byApp.mutate(
      { newEmail: form.values.new_email, code },
      {
        onSuccess: (answer) => {
          notify.success(t('profile.email.changed', { email: answer.email }));
          form.reset();
          setCode('');
        },
        onError: (error) => {
          notify.error([t('messages.emailNotChanged')]);
          showServerErrors(form, error, t);
          setCode('');
        },
      },
    );
  };

  const codeError = fieldErrorsOf(byApp.error, t).code;
  return (
    <form onSubmit={sendLink} noValidate>
      <Stack>
        <Title order={2} size="h4">
          {t('profile.email.title')}
        </Title>
        <Text size="sm">{t('profile.email.current', { email })}</Text>
        <TextInput
          label={t('fields.newEmail')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('new_email')}
        />
        {byMail.isSuccess && (
          <Alert color="teal" role="status" data-testid="email-link-sent">
            {t('profile.email.linkSent', { email })}
          </Alert>
        )}
        <Button type="submit" variant="light" loading={byMail.isPending}>
          {t('profile.email.byMail')}
        </Button>
        {mfaEnabled && (
          <>
            <Divider label={t('profile.email.or')} />
            <Text size="sm">{t('profile.email.byAppHint')}</Text>
            <CodeInput value={code} onChange={setCode} error={codeError} testId="email-change-code" />
            <Button onClick={changeNow} disabled={code.length !== 6} loading={byApp.isPending}>
              {t('profile.email.byApp')}
            </Button>
          </>
        )}
      </Stack>
    </form>
  );
}
