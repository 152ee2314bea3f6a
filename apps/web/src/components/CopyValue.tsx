import { Button, Code, CopyButton, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** A value shown as code with a button that copies it (a secret key, a deposit address). */
export function CopyValue({ value, testId }: { value: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Group gap="xs" wrap="nowrap">
      {/* The value wraps and gives way; the button keeps its width (a 390 px phone clipped it). */}
      <Code style={{ overflowWrap: 'anywhere', minWidth: 0, flex: 1 }} data-testid={testId}>
        {value}
      </Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="subtle" onClick={copy} style={{ flexShrink: 0 }}>
            {copied ? t('common.copied') : t('common.copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}
