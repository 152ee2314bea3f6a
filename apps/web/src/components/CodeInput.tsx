import { PinInput, Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type Props = { value: string; onChange: (code: string) => void; error?: string; testId: string };

/** The 6-digit code of the authenticator app, its visible label above it, and its error under it. */
export function CodeInput({ value, onChange, error, testId }: Props) {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Stack gap={4}>
      <Text id={labelId} size="sm" fw={500}>
        {t('fields.code')}
      </Text>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={!!error}
        aria-labelledby={labelId}
        data-testid={testId}
      />
      {error && (
        <Text c="red" size="sm" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
