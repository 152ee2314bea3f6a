import { Alert, Anchor, Button, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZPasswordResetRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { ApiError } from '../../../lib/api-client';
import { errorLines, fieldErrorsOf } from '../../../lib/errors';
import { zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useRequestPasswordReset } from '../api/request-password-reset';

/** Mails a reset link. The email error is the server's first, else "Email doesn't exist" (spec). */
export function RecoverPasswordPage() {
  const { t } = useTranslation();
  const request = useRequestPasswordReset();
  const form = useForm({ initialValues: { email: '' }, validate: zodValidate(ZPasswordResetRequest, t) });

  const submit = form.onSubmit(({ email }) =>
    request.mutate(email, {
      onSuccess: () => notify.success(t('recover.sent')),
      // One message, not two: a refused email is said at the field; anything else in a toast.
      onError: (error) => {
        const emailError = fieldErrorsOf(error, t).email;
        if (emailError) form.setErrors({ email: emailError });
        else if (error instanceof ApiError && error.status === 400)
          form.setErrors({ email: t('messages.emailDoesNotExist') });
        else notify.error(errorLines(error, t));
      },
    }),
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle>{t('recover.title')}</PageTitle>
        {request.isError && form.errors.email ? (
          // Said once above the form as well: the field keeps the server's own words.
          <Alert color="red" role="alert" data-testid="recover-not-found">
            {t('recover.notFound')}
          </Alert>
        ) : null}
        {request.isSuccess ? (
          <Alert color="teal" role="status" data-testid="recover-sent">
            {t('recover.sentHint', { email: form.values.email })}
          </Alert>
        ) : (
          <>
            <Text size="sm">{t('recover.hint')}</Text>
            <TextInput
              label={t('fields.email')}
              type="email"
              autoComplete="email"
              required
              {...form.getInputProps('email')}
            />
            <Button type="submit" loading={request.isPending} fullWidth>
              {t('recover.submit')}
            </Button>
          </>
        )}
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
