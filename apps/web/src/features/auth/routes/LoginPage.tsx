import { Alert, Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { isLanguage, NON_FIELD } from '@portal/contracts/plain';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { fieldErrorsOf } from '../../../lib/errors';
import { showServerErrors } from '../../../lib/form';
import { changeLanguage } from '../../../lib/i18n';
import { session } from '../../../lib/session';
import { useLogin } from '../api/login';
import { useMfaLogin } from '../api/mfa-login';
import { useTokenAuth } from '../api/token-auth';

type TCredentials = { email: string; password: string };

/** The code field (with Mantine's PinInput) loads only for the second step of two-factor sign-in. */
const CodeInput = lazy(async () => ({ default: (await import('../../../components/CodeInput')).CodeInput }));

/**
 * Sign-in (spec section 4): a token signs in; no token with two-factor on asks for the code.
 * `/login?token=...&language=...` signs in with a token already held (token-auth).
 */
export function LoginPage() {
  const { t } = useTranslation();
  const [credentials, setCredentials] = useState<TCredentials | null>(null);
  const login = useLogin();
  const form = useForm<TCredentials>({
    initialValues: { email: '', password: '' },
    // Presence only: the first screen does not load zod. The server checks the request with the
    // contract (ZLoginRequest) and the form shows its field messages (docs/decisions.md).
    validate: {
      email: (email) => (email.trim() ? null : t('messages.fieldRequired')),
      password: (password) => (password ? null : t('messages.fieldRequired')),
    },
  });

  useTokenFromLink();

  const submit = form.onSubmit((values) =>
    login.mutate(values, {
      onSuccess: (answer) => {
        if (answer.token) session.signIn(answer.token);
        else if (answer.mfa_enabled) setCredentials(values);
      },
      onError: (error) => showServerErrors(form, error, t),
    }),
  );

  if (credentials) return <CodeStep credentials={credentials} onBack={() => setCredentials(null)} />;

  const formError = fieldErrorsOf(login.error, t)[NON_FIELD];
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle>{t('login.title')}</PageTitle>
        {formError && (
          <Alert color="red" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label={t('fields.emailOrUsername')}
          autoComplete="username"
          required
          {...form.getInputProps('email')}
        />
        <PasswordInput
          label={t('fields.password')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Group justify="flex-end">
          <Anchor component={Link} to="/recover-password" size="sm">
            {t('login.forgot')}
          </Anchor>
        </Group>
        <Button type="submit" loading={login.isPending} fullWidth>
          {t('login.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('login.noAccount')}{' '}
          <Anchor component={Link} to="/sign-up">
            {t('login.signUp')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

function CodeStep({ credentials, onBack }: { credentials: TCredentials; onBack: () => void }) {
  const { t } = useTranslation();
  const mfaLogin = useMfaLogin();
  const [code, setCode] = useState('');
  // A partner without their phone types one of the recovery codes shown at setup instead.
  const [recovery, setRecovery] = useState(false);
  const error = fieldErrorsOf(mfaLogin.error, t);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    mfaLogin.mutate(
      { ...credentials, code },
      {
        onSuccess: (answer) => answer.token && session.signIn(answer.token),
        onError: () => setCode(''),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle>{t('login.codeTitle')}</PageTitle>
        <Text size="sm">{recovery ? t('login.recoveryHint') : t('login.codeHint')}</Text>
        {recovery ? (
          <TextInput
            label={t('login.recoveryCode')}
            value={code}
            onChange={(event) => setCode(event.currentTarget.value)}
            error={error.code ?? error[NON_FIELD]}
            autoComplete="one-time-code"
            autoCapitalize="none"
            spellCheck={false}
            data-testid="mfa-recovery-code"
          />
        ) : (
          <Suspense fallback={null}>
            <CodeInput
              value={code}
              onChange={setCode}
              error={error.code ?? error[NON_FIELD]}
              testId="mfa-code"
            />
          </Suspense>
        )}
        <Button
          type="submit"
          loading={mfaLogin.isPending}
          disabled={recovery ? code.trim().length < 8 : code.length !== 6}
          fullWidth
        >
          {t('login.codeSubmit')}
        </Button>
        <Button
          variant="subtle"
          onClick={() => {
            setRecovery(!recovery);
            setCode('');
            mfaLogin.reset();
          }}
          data-testid="mfa-recovery-toggle"
        >
          {recovery ? t('login.useApp') : t('login.useRecovery')}
        </Button>
        <Button variant="subtle" onClick={onBack}>
          {t('common.back')}
        </Button>
      </Stack>
    </form>
  );
}

/** Signs in with `?token=` (and `?language=`) from a link; a bad token leaves the user signed out. */
function useTokenFromLink() {
  const [params, setParams] = useSearchParams();
  const tokenAuth = useTokenAuth();
  const token = params.get('token');
  const language = params.get('language');
  const { mutate } = tokenAuth;
  useEffect(() => {
    if (!token) return;
    setParams({}, { replace: true });
    mutate(
      { token, ...(isLanguage(language) ? { language } : {}) },
      {
        onSuccess: (answer) => {
          void changeLanguage(answer.user.language).then(() => session.signIn(answer.token));
        },
        onError: () => session.signOut(),
      },
    );
    // Runs once for the token in the link.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);
}
