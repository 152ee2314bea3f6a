import { Alert, Button, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { type TPromocodeDiscount, type TPromocodeKind } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../../../lib/errors';
import { notify } from '../../../lib/notify';
import { useCreatePromocode } from '../api/create-promocode';

/**
 * Makes a code: personal DexID (one, no expiry, 10%), public (24 hours, many uses) or private
 * (24 hours, one use), with 10% or 20%. A refusal (no Active tariff, a second personal code) is
 * toasted by the app's error handler and stays in the form until the partner changes the kind.
 */
export function CreatePromocode() {
  const { t } = useTranslation();
  const create = useCreatePromocode();
  const [kind, setKind] = useState<TPromocodeKind>('public');
  const [discount, setDiscount] = useState<TPromocodeDiscount>(10);
  const personal = kind === 'personal';

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(
          { kind, discount: personal ? 10 : discount },
          {
            onSuccess: (answer) =>
              notify.success(t('profile.promocodes.created', { code: answer.promocode })),
          },
        );
      }}
    >
      <Stack>
        <Title order={2} size="h4">
          {t('profile.promocodes.createTitle')}
        </Title>
        <Text size="sm">{t('profile.promocodes.intro')}</Text>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="promocode-kind">
            {t('profile.promocodes.kind')}
          </Text>
          <SegmentedControl
            aria-labelledby="promocode-kind"
            value={kind}
            onChange={(value) => {
              setKind(value);
              create.reset();
            }}
            data={(['personal', 'public', 'private'] as const).map((value) => ({
              value,
              label: t(`profile.promocodes.kinds.${value}`),
            }))}
            data-testid="promocode-kind"
          />
          <Text size="xs" c="dimmed">
            {t(`profile.promocodes.kindHints.${kind}`)}
          </Text>
        </Stack>
        <Stack gap={4}>
          <Text size="sm" fw={500} id="promocode-discount">
            {t('profile.promocodes.discount')}
          </Text>
          <SegmentedControl
            aria-labelledby="promocode-discount"
            value={String(personal ? 10 : discount)}
            onChange={(value) => setDiscount(Number(value) as TPromocodeDiscount)}
            data={[
              { value: '10', label: '10%' },
              { value: '20', label: '20%', disabled: personal },
            ]}
            data-testid="promocode-discount"
          />
          <Text size="xs" c="dimmed">
            {t('profile.promocodes.discountHint', { bonus: 20 - (personal ? 10 : discount) })}
          </Text>
        </Stack>
        {create.error && (
          <Alert color="red" role="alert" style={{ whiteSpace: 'pre-line' }}>
            {errorLines(create.error, t).join('\n')}
          </Alert>
        )}
        <Button type="submit" loading={create.isPending} data-testid="promocode-create">
          {t('profile.promocodes.create')}
        </Button>
      </Stack>
    </form>
  );
}
