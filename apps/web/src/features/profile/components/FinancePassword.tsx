import { Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useForm } from '@mantine/form';
import { ZProfilePatch } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { showSaveFailed, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

/** The finance password (asked for withdrawals) is set or changed with the account password. */
export function FinancePassword({ isSet }: { isSet: boolean }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm({
    initialValues: { finance_password: '', password: '' },
    validate: zodValidate(ZProfilePatch, t),
  });
  const submit = form.onSubmit((values) =>
    update.mutate(values, {
      onSuccess: () => {
        notify.success(t('profile.finance.saved'));
        form.reset();
      },
      onError: (error) => showSaveFailed(form, error, t),
    }),
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Title order={2} size="h4">
          {t('profile.finance.title')}
        </Title>
        <Text size="sm">{isSet ? t('profile.finance.isSet') : t('profile.finance.notSet')}</Text>
        <PasswordInput
          label={t('fields.financePassword')}
          autoComplete="new-password"
          required
          {...form.getInputProps('finance_password')}
        />
        <PasswordInput
          label={t('fields.currentPassword')}
          autoComplete="current-password"
          required
          {...form.getInputProps('password')}
        />
        <Button type="submit" loading={update.isPending}>
          {isSet ? t('profile.finance.change') : t('profile.finance.set')}
        </Button>
      </Stack>
    </form>
  );
}
