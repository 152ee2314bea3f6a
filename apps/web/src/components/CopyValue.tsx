import { Button, Code, CopyButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A value shown as code with a button that copies it (a secret key, a deposit address). */
export function CopyValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      <Code style={{ overflowWrap: 'anywhere' }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy}>
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
