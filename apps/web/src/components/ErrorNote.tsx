import { Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../lib/errors';

/**
 * A refusal kept where the partner acted (in the form, the modal, on the card), not only in a
 * 2-second toast: the lines given, or the error's translated lines, after an optional `prefix`.
 * Nothing when there is nothing to say.
 */
export function ErrorNote({
  error,
  lines,
  prefix,
  testId,
}: {
  error?: unknown;
  lines?: string[];
  prefix?: string;
  testId?: string;
}) {
  const { t } = useTranslation();
  const shown = lines ?? (error ? errorLines(error, t) : []);
  if (shown.length === 0) return null;
  return (
    <Text size="sm" c="red.9" role="alert" data-testid={testId}>
      {(prefix ? [prefix, ...shown] : shown).join(' ')}
    </Text>
  );
}
