import { Badge, Box, Button, Group, Stack, Text, Title } from '@mantine/core';
import { QRCodeSVG } from 'qrcode.react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CodeInput } from '../../../components/CodeInput';
import { CopyValue } from '../../../components/CopyValue';
import { fieldErrorsOf } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useSetupTwoFactor } from '../api/setup-two-factor';
import { useVerifyTwoFactor } from '../api/verify-two-factor';

/** Two-factor with an authenticator app: scan, enter a code, verify. Only support turns it off. */
export function TwoFactor({ enabled }: { enabled: boolean }) {
  const { t } = useTranslation();
  const setup = useSetupTwoFactor();
  const verify = useVerifyTwoFactor();
  const [code, setCode] = useState('');

  const title = (
    <Group justify="space-between">
      <Title order={2} size="h4">
        {t('profile.mfa.title')}
      </Title>
      <Badge color={enabled ? 'teal' : 'gray'} data-testid="mfa-status">
        {enabled ? t('profile.mfa.on') : t('profile.mfa.off')}
      </Badge>
    </Group>
  );

  if (enabled) {
    return (
      <Stack>
        {title}
        <Text size="sm">{t('profile.mfa.supportOnly')}</Text>
      </Stack>
    );
  }

  const error = fieldErrorsOf(verify.error, t).code;
  return (
    <Stack>
      {title}
      <Text size="sm">{t('profile.mfa.intro')}</Text>
      {!setup.data ? (
        <Button onClick={() => setup.mutate()} loading={setup.isPending} data-testid="mfa-start">
          {t('profile.mfa.start')}
        </Button>
      ) : (
        <form
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            verify.mutate(code, {
              onSuccess: () => notify.success(t('profile.mfa.enabledNow')),
              onError: () => setCode(''),
            });
          }}
        >
          <Stack>
            <Text size="sm">{t('profile.mfa.scan')}</Text>
            <Box role="img" aria-label={t('profile.mfa.qr')} w={180}>
              <QRCodeSVG value={setup.data.otpauth_url} size={180} marginSize={2} aria-hidden />
            </Box>
            <Text size="sm">{t('profile.mfa.manual')}</Text>
            <CopyValue value={setup.data.secret} testId="mfa-secret" />
            <CodeInput value={code} onChange={setCode} error={error} testId="mfa-verify-code" />
            <Button type="submit" disabled={code.length !== 6} loading={verify.isPending}>
              {t('profile.mfa.verify')}
            </Button>
          </Stack>
        </form>
      )}
    </Stack>
  );
}
