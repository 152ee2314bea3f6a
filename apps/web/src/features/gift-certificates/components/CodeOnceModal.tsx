import { Alert, Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { TGiftCertificateBought } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { CopyValue } from '../../../components/CopyValue';
import { formatAmount, formatDateTime } from '../../../lib/format';

type Props = { bought: TGiftCertificateBought | null; onClose: () => void };

/** The new certificate's code, shown once: copy it now, it is never shown again. */
export function CodeOnceModal({ bought, onClose }: Props) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={bought !== null}
      onClose={onClose}
      title={t('gifts.codeTitle')}
      closeButtonProps={{ 'aria-label': t('common.close') }}
      closeOnClickOutside={false}
    >
      {bought && (
        <Stack>
          <Text>
            {t('gifts.codeFor', {
              amount: formatAmount(bought.certificate.amount),
              date: formatDateTime(bought.certificate.expires_at),
            })}
          </Text>
          {bought.code ? (
            <CopyValue value={bought.code} testId="gift-code" />
          ) : (
            <Text c="dimmed">{t('gifts.codeShownBefore')}</Text>
          )}
          <Alert color="orange" variant="light" title={t('gifts.warningTitle')}>
            {t('gifts.warning')}
          </Alert>
          <Group justify="flex-end">
            <Button onClick={onClose} data-testid="gift-code-done">
              {t('gifts.saved')}
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
