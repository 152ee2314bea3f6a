import { Alert, Button, Modal, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/CopyValue';

/**
 * The activation code, shown once (spec): the server keeps only its hash, so closing this window
 * loses it. It closes only by its button, after the warning.
 */
export function CodeModal({ code, onClose }: { code: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={code !== null}
      onClose={onClose}
      title={t('validatorKeys.code.title')}
      closeOnClickOutside={false}
      closeOnEscape={false}
      withCloseButton={false}
      centered
    >
      <Stack>
        <Text size="sm">{t('validatorKeys.code.intro')}</Text>
        {code && <CopyValue value={code} testId="activation-code" />}
        <Alert color="orange" title={t('validatorKeys.code.warningTitle')}>
          {t('validatorKeys.code.warning')}
        </Alert>
        <Button onClick={onClose} data-testid="code-saved">
          {t('validatorKeys.code.saved')}
        </Button>
      </Stack>
    </Modal>
  );
}
