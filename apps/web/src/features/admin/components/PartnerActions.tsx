import { Button, Group, NativeSelect, TextInput } from '@mantine/core';
import {
  CURRENCIES,
  mayActAs,
  type TOperatorRole,
  ZAdjustmentRequest,
  ZAdminMentorChange,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdjustBalance } from '../api/adjust-balance';
import { useChangeMentor } from '../api/change-mentor';
import { ReasonModal } from './ReasonModal';

/** The dialog asks for the reason even where the call takes none (older clients). */
const ZMentorChangeWithReason = ZAdminMentorChange.required();

type TPartner = { id: number; email: string };

/**
 * What the detail adds to the list's actions: moving the partner under another mentor (support,
 * before their first paid tariff) and correcting a balance (finance), each after a dialog that
 * says what will happen and asks why.
 */
export function PartnerActions({ partner, roles }: { partner: TPartner; roles: readonly TOperatorRole[] }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<'mentor' | 'adjust' | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Group gap={4}>
        {mayActAs(roles, 'support') && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setOpen('mentor')}
            data-testid="change-mentor"
          >
            {t('admin.partner.mentorChange.open')}
          </Button>
        )}
        {mayActAs(roles, 'finance') && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setOpen('adjust')}
            data-testid="adjust-balance"
          >
            {t('admin.partner.adjust.open')}
          </Button>
        )}
      </Group>
      {open === 'mentor' && <MentorModal partner={partner} onClose={close} />}
      {open === 'adjust' && <AdjustModal partner={partner} onClose={close} />}
    </>
  );
}

function MentorModal({ partner, onClose }: { partner: TPartner; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeMentor();
  return (
    <ReasonModal
      testId="mentor-change"
      title={t('admin.partner.mentorChange.title', { email: partner.email })}
      what={[t('admin.partner.mentorChange.moves'), t('admin.partner.mentorChange.before')]}
      submit={t('admin.partner.mentorChange.open')}
      done={t('admin.partner.mentorChange.done', { email: partner.email })}
      schema={ZMentorChangeWithReason}
      initialValues={{ mentor_id: '' as unknown as number, reason: '' }}
      send={(body, callbacks) => change.mutate({ id: partner.id, ...body }, callbacks)}
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
    >
      {(form) => (
        <TextInput
          label={t('admin.partner.mentorChange.mentorId')}
          inputMode="numeric"
          required
          data-autofocus
          {...form.getInputProps('mentor_id')}
        />
      )}
    </ReasonModal>
  );
}

function AdjustModal({ partner, onClose }: { partner: TPartner; onClose: () => void }) {
  const { t } = useTranslation();
  const adjust = useAdjustBalance();
  const [idempotencyKey] = useState(() => crypto.randomUUID());
  return (
    <ReasonModal
      testId="adjust"
      title={t('admin.partner.adjust.title', { email: partner.email })}
      what={[t('admin.partner.adjust.moves'), t('admin.partner.adjust.never')]}
      submit={t('admin.partner.adjust.open')}
      done={t('admin.partner.adjust.done', { email: partner.email })}
      schema={ZAdjustmentRequest}
      initialValues={{ user_id: partner.id, currency: 'USDT' as const, amount: '', reason: '' }}
      send={(body, callbacks) => adjust.mutate({ ...body, idempotencyKey }, callbacks)}
      pending={adjust.isPending}
      error={adjust.error}
      onClose={onClose}
    >
      {(form) => (
        <>
          <NativeSelect
            label={t('wallet.currency')}
            data={[...CURRENCIES]}
            {...form.getInputProps('currency')}
          />
          <TextInput
            label={t('wallet.amount')}
            description={t('admin.partner.adjust.amountHint')}
            inputMode="decimal"
            required
            data-autofocus
            {...form.getInputProps('amount')}
          />
        </>
      )}
    </ReasonModal>
  );
}
