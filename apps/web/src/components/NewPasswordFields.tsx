import { PasswordInput } from '@mantine/core';
import type { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';

type TForm = Pick<
  ReturnType<typeof useForm<{ password: string; password_confirm: string }>>,
  'getInputProps'
>;

/** A new password and its repetition ("Passwords does not match." lands on the second). */
export function NewPasswordFields({ form, label }: { form: TForm; label: string }) {
  const { t } = useTranslation();
  return (
    <>
      <PasswordInput label={label} autoComplete="new-password" required {...form.getInputProps('password')} />
      <PasswordInput
        label={t('fields.passwordConfirm')}
        autoComplete="new-password"
        required
        {...form.getInputProps('password_confirm')}
      />
    </>
  );
}
