import { Alert, Anchor, Button, Checkbox, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue } from '@mantine/hooks';
import { ZRegisterRequest } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { CountrySelect } from '../../../components/CountrySelect';
import { LegalLink } from '../../../components/LegalLinks';
import { NewPasswordFields } from '../../../components/NewPasswordFields';
import { PageTitle } from '../../../components/PageTitle';
import { RequiredNote } from '../../../components/RequiredNote';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { currentLanguage } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { tagged } from '../../../lib/tagged';
import { session } from '../../../lib/session';
import { useCheckReferral } from '../api/check-referral';
import { useRegister } from '../api/register';
import { Spinner } from '../../../components/Spinner';

type TValues = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  country: string;
  country_code: string;
  username: string;
  password: string;
  password_confirm: string;
  promocode: string;
  /** The user agreement and the privacy policy accepted (checked here; the request does not carry it). */
  terms: boolean;
};

/** What the form sends: optional fields left empty are left out. */
function toRequest(values: TValues) {
  const { username, promocode, terms: _terms, ...rest } = values;
  return {
    ...rest,
    language: currentLanguage(),
    ...(username.trim() ? { username: username.trim() } : {}),
    ...(promocode.trim() ? { promocode: promocode.trim() } : {}),
  };
}

/** Registration; `/sign-up/:promocode` fills in the code and shows whose team the partner joins. */
export function SignUpPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { promocode = '' } = useParams();
  const register = useRegister();
  const form = useForm<TValues>({
    initialValues: {
      first_name: '',
      last_name: '',
      email: '',
      phone: '',
      country: '',
      country_code: '',
      username: '',
      password: '',
      password_confirm: '',
      promocode,
      terms: false,
    },
    validate: (values) => ({
      ...zodValidate(ZRegisterRequest, t)(toRequest(values)),
      ...(values.terms ? {} : { terms: t('signUp.termsRequired') }),
    }),
  });
  const [code] = useDebouncedValue(form.values.promocode.trim(), 300);

  const submit = form.onSubmit(
    (values) =>
      register.mutate(toRequest(values), {
        onSuccess: (answer) => {
          session.signIn(answer.token);
          void navigate('/dashboard', { replace: true });
        },
        onError: (error) => showServerErrors(form, error, t),
      }),
    (_errors, _values, event) => {
      notify.error([t('messages.checkFilling')]);
      // The first field to fix, once its error shows: on a phone it is off screen above the button.
      const form = event?.currentTarget;
      setTimeout(() => form?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus());
    },
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <PageTitle>{t('signUp.title')}</PageTitle>
        <RequiredNote />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput
            label={t('fields.firstName')}
            autoComplete="given-name"
            required
            {...form.getInputProps('first_name')}
          />
          <TextInput
            label={t('fields.lastName')}
            autoComplete="family-name"
            required
            {...form.getInputProps('last_name')}
          />
        </SimpleGrid>
        <TextInput
          label={t('fields.email')}
          type="email"
          autoComplete="email"
          required
          {...form.getInputProps('email')}
        />
        <TextInput
          label={t('fields.phone')}
          type="tel"
          autoComplete="tel"
          placeholder={t('fields.phonePlaceholder')}
          required
          {...form.getInputProps('phone')}
        />
        <CountrySelect
          value={form.values.country_code}
          onChange={(countryCode, name) => form.setValues({ country_code: countryCode, country: name })}
          error={form.errors.country_code ?? form.errors.country}
          required
        />
        <TextInput label={t('fields.username')} autoComplete="username" {...form.getInputProps('username')} />
        <NewPasswordFields form={form} label={t('fields.password')} />
        <TextInput
          label={t('fields.promocode')}
          description={t('signUp.promocodeHint')}
          {...form.getInputProps('promocode')}
        />
        <MentorCheck code={code} />
        <Checkbox
          required
          label={tagged(t('signUp.acceptTerms'), {
            agreement: (text) => <LegalLink document="user-agreement">{text}</LegalLink>,
            privacy: (text) => <LegalLink document="privacy-policy">{text}</LegalLink>,
          })}
          data-testid="accept-terms"
          {...form.getInputProps('terms', { type: 'checkbox' })}
          // Mantine marks a text field invalid, not a checkbox: screen readers and the focus on a
          // failed submit find the unchecked terms by it.
          aria-invalid={form.errors.terms ? true : undefined}
        />
        <Button type="submit" loading={register.isPending} fullWidth>
          {t('signUp.submit')}
        </Button>
        <Text size="sm" ta="center">
          {t('signUp.haveAccount')}{' '}
          <Anchor component={Link} to="/login">
            {t('signUp.login')}
          </Anchor>
        </Text>
      </Stack>
    </form>
  );
}

/** Whose team the code joins: the mentor's name, or the spec's "Invalid promocode.". */
function MentorCheck({ code }: { code: string }) {
  const { t } = useTranslation();
  const check = useCheckReferral(code);
  if (!code) return null;
  if (check.isPending) return <Spinner size="xs" />;
  if (check.data) {
    const mentor = `${check.data.first_name} ${check.data.last_name}`.trim();
    return (
      <Alert color="teal" data-testid="mentor">
        {t('signUp.mentor', { name: check.data.username ? `${mentor} (${check.data.username})` : mentor })}
      </Alert>
    );
  }
  return (
    <Alert color="red" role="alert" data-testid="mentor-invalid">
      {t('messages.invalidPromocode')}
    </Alert>
  );
}
