import { Alert, Badge, Button, FileInput, Group, Stack, Text, Title } from '@mantine/core';
import { KYC_MAX_MB, type TKycStatus } from '@portal/contracts';
import { NON_FIELD } from '@portal/contracts/plain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSubmitKyc } from '../api/submit-kyc';

const COLORS: Record<TKycStatus, string> = {
  none: 'gray',
  pending: 'orange',
  verified: 'teal',
  rejected: 'red',
};
const ACCEPT = 'image/jpeg,image/png,image/webp,application/pdf';

/**
 * Identity verification (KYC): the partner sends a photo or scan of their identity document and a
 * selfie; support reviews them. Verified unlocks card top-ups above the KYC limit.
 */
export function KycSection({ status, reason }: { status: TKycStatus; reason: string | null }) {
  const { t } = useTranslation();
  const submit = useSubmitKyc();
  const [document, setDocument] = useState<File | null>(null);
  const [selfie, setSelfie] = useState<File | null>(null);
  const errors = fieldErrorsOf(submit.error, t);
  const canSend = status === 'none' || status === 'rejected' || status === 'pending';

  return (
    <Stack>
      <Group justify="space-between">
        <Title order={2} size="h4">
          {t('profile.kyc.title')}
        </Title>
        <Badge color={COLORS[status]} data-testid="kyc-status">
          {t(`profile.kyc.status.${status}`)}
        </Badge>
      </Group>
      <Text size="sm">{t(`profile.kyc.explain.${status}`)}</Text>
      {status === 'rejected' && reason && (
        <Alert color="red" title={t('profile.kyc.reason')} data-testid="kyc-reason">
          {reason}
        </Alert>
      )}
      {canSend && (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!document || !selfie) return;
            submit.mutate(
              { document, selfie },
              {
                onSuccess: () => {
                  setDocument(null);
                  setSelfie(null);
                  notify.success(t('profile.kyc.sent'));
                },
              },
            );
          }}
        >
          <Stack>
            <FileInput
              label={t('profile.kyc.document')}
              description={t('profile.kyc.fileHint', { max: KYC_MAX_MB })}
              accept={ACCEPT}
              value={document}
              onChange={setDocument}
              error={errors.document}
              clearable
              data-testid="kyc-document"
            />
            <FileInput
              label={t('profile.kyc.selfie')}
              description={t('profile.kyc.fileHint', { max: KYC_MAX_MB })}
              accept={ACCEPT}
              value={selfie}
              onChange={setSelfie}
              error={errors.selfie}
              clearable
              data-testid="kyc-selfie"
            />
            {(errors[NON_FIELD] ?? (submit.isError && !errors.document && !errors.selfie)) && (
              <Alert color="red" role="alert">
                {errors[NON_FIELD] ?? t('profile.kyc.failed')}
              </Alert>
            )}
            <Button type="submit" disabled={!document || !selfie} loading={submit.isPending}>
              {status === 'none' ? t('profile.kyc.send') : t('profile.kyc.sendAgain')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
