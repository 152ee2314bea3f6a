import { Alert, Badge, Box, Button, CopyButton, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
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
  // On once verified, before the profile says so; the recovery codes show until the page is left.
  const on = enabled || verify.isSuccess;

  const title = (
    <Group justify="space-between">
      <Title order={2} size="h4">
        {t('profile.mfa.title')}
      </Title>
      <Badge color={on ? 'teal' : 'gray'} data-testid="mfa-status">
        {on ? t('profile.mfa.on') : t('profile.mfa.off')}
      </Badge>
    </Group>
  );

  if (on) {
    return (
      <Stack>
        {title}
        {verify.data && <RecoveryCodes codes={verify.data.recovery_codes} />}
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

/** The ten recovery codes, shown once right after setup: each signs in once without the phone. */
function RecoveryCodes({ codes }: { codes: readonly string[] }) {
  const { t } = useTranslation();
  return (
    <Alert color="orange" title={t('profile.mfa.recoveryTitle')} data-testid="mfa-recovery-codes">
      <Stack gap="xs">
        <Text size="sm">{t('profile.mfa.recoveryIntro')}</Text>
        <SimpleGrid cols={2} spacing={4} component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {codes.map((code) => (
            <Text component="li" key={code} ff="monospace" size="sm">
              {code}
            </Text>
          ))}
        </SimpleGrid>
        <CopyButton value={codes.join('\n')}>
          {({ copied, copy }) => (
            <Button size="compact-sm" variant="light" onClick={copy} data-testid="mfa-recovery-copy">
              {copied ? t('common.copied') : t('profile.mfa.recoveryCopy')}
            </Button>
          )}
        </CopyButton>
      </Stack>
    </Alert>
  );
}
