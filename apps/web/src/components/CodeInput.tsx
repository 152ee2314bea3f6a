import { PinInput, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';

type Props = { value: string; onChange: (code: string) => void; error?: string; testId: string };

/** The 6-digit code of the authenticator app, and its error under it. */
export function CodeInput({ value, onChange, error, testId }: Props) {
  const { t } = useTranslation();
  return (
    <Stack gap={4}>
      <PinInput
        length={6}
        type="number"
        oneTimeCode
        value={value}
        onChange={onChange}
        error={!!error}
        aria-label={t('fields.code')}
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
