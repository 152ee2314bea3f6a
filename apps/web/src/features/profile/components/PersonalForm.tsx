import { Button, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { type TProfile, type TProfilePatch, ZProfilePatch } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '../../../components/CountrySelect';
import { RequiredNote } from '../../../components/RequiredNote';
import { showSaveFailed, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useUpdateProfile } from '../api/update-profile';

type TValues = Pick<TProfile, 'first_name' | 'last_name' | 'phone' | 'country' | 'country_code'> & {
  username: string;
};

/** The personal fields; only what changed is sent. */
function changes(values: TValues, profile: TProfile): TProfilePatch {
  const patch: Record<string, string> = {};
  for (const key of ['first_name', 'last_name', 'phone', 'country', 'country_code'] as const) {
    if (values[key] !== profile[key]) patch[key] = values[key];
  }
  if (values.username.trim() && values.username.trim() !== (profile.username ?? ''))
    patch.username = values.username.trim();
  return patch;
}

export function PersonalForm({ profile }: { profile: TProfile }) {
  const { t } = useTranslation();
  const update = useUpdateProfile();
  const form = useForm<TValues>({
    initialValues: {
      first_name: profile.first_name,
      last_name: profile.last_name,
      phone: profile.phone,
      country: profile.country,
      country_code: profile.country_code,
      username: profile.username ?? '',
    },
    validate: (values) => zodValidate(ZProfilePatch, t)(changes(values, profile)),
  });

  const submit = form.onSubmit((values) => {
    const patch = changes(values, profile);
    if (Object.keys(patch).length === 0) return notify.info(t('common.nothingChanged'));
    update.mutate(patch, {
      onSuccess: () => notify.success(t('common.saved')),
      onError: (error) => showSaveFailed(form, error, t),
    });
  });

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <RequiredNote />
        <SimpleGrid cols={{ base: 1, xs: 2 }}>
          <TextInput label={t('fields.firstName')} required {...form.getInputProps('first_name')} />
          <TextInput label={t('fields.lastName')} required {...form.getInputProps('last_name')} />
        </SimpleGrid>
        <TextInput label={t('fields.phone')} type="tel" required {...form.getInputProps('phone')} />
        <CountrySelect
          value={form.values.country_code}
          onChange={(code, name) => form.setValues({ country_code: code, country: name })}
          error={form.errors.country_code ?? form.errors.country}
          required
        />
        <TextInput label={t('fields.username')} {...form.getInputProps('username')} />
        <Button type="submit" loading={update.isPending}>
          {t('common.save')}
        </Button>
      </Stack>
    </form>
  );
}
