import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZPasswordResetConfirm } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { PageTitle } from '../../../components/PageTitle';
import { fieldErrorsOf } from '../../../lib/errors';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useResetPassword } from '../api/reset-password';

/** Sets a new password with the token of the mailed link (/reset-password/:token). */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const reset = useResetPassword();
  const form = useForm({
    initialValues: { password: '', password_confirm: '' },
    validate: (values) => zodValidate(ZPasswordResetConfirm, t)({ ...values, token }),
  });

  const submit = form.onSubmit((values) =>
    reset.mutate(
      { ...values, token },
      {
        onSuccess: () => {
          notify.success(t('reset.success'));
          void navigate('/login', { replace: true });
        },
        onError: (error) => {
          notify.error([t('reset.failed')]);
          showServerErrors(form, error, t);
        },
      },
    ),
  );

  const linkError = fieldErrorsOf(reset.error, t).token;
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle>{t('reset.title')}</PageTitle>
        {linkError && (
          <Alert color="red" role="alert">
            {linkError}{' '}
            <Anchor component={Link} to="/recover-password">
              {t('reset.again')}
            </Anchor>
          </Alert>
        )}
        <NewPasswordFields form={form} label={t('fields.newPassword')} />
        <Button type="submit" loading={reset.isPending} fullWidth>
          {t('reset.submit')}
        </Button>
        <Anchor component={Link} to="/login" size="sm" ta="center">
          {t('common.backToLogin')}
        </Anchor>
      </Stack>
    </form>
  );
}
