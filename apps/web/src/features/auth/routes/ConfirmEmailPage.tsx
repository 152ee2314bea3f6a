import { Alert, Anchor, Stack } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { profileQuery } from '../../../api/get-profile';
import { PageTitle } from '../../../components/PageTitle';
import { fieldErrorsOf } from '../../../lib/errors';
import { useToken } from '../../../lib/session';
import { useConfirmEmail } from '../api/confirm-email';
import { Spinner } from '../../../components/Spinner';

/** Opened from the link mailed to the old address: confirms the email change. */
export function ConfirmEmailPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const email = params.get('email') ?? '';
  const signedIn = useToken() !== null;
  const queryClient = useQueryClient();
  const confirm = useConfirmEmail(token, email);

  useEffect(() => {
    if (confirm.isSuccess) void queryClient.invalidateQueries({ queryKey: profileQuery().queryKey });
  }, [confirm.isSuccess, queryClient]);

  const failed = confirm.isError || !token || !email;
  return (
    <Stack>
      <PageTitle>{t('confirmEmail.title')}</PageTitle>
      {confirm.isSuccess && (
        <Alert color="teal" role="status" data-testid="email-confirmed">
          {t('confirmEmail.success', { email: confirm.data.email })}
        </Alert>
      )}
      {failed && (
        <Alert color="red" role="alert" data-testid="email-not-confirmed">
          {t('messages.emailNotChanged')} {fieldErrorsOf(confirm.error, t).token ?? ''}
        </Alert>
      )}
      {confirm.isFetching && <Spinner />}
      <Anchor component={Link} to={signedIn ? '/profile/security' : '/login'}>
        {signedIn ? t('confirmEmail.toProfile') : t('common.backToLogin')}
      </Anchor>
    </Stack>
  );
}
