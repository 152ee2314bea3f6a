import { Button, List, Modal, Stack, Text, Textarea } from '@mantine/core';
import { useForm, type UseFormReturnType } from '@mantine/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { ErrorNote } from '../../../components/ErrorNote';
import { generalErrorLines } from '../../../lib/errors';
import { showServerErrors, zodValidate } from '../../../lib/form';
import { notify } from '../../../lib/notify';

/** The contracts' longest reason (`zReason` in packages/contracts/src/admin.ts). */
const REASON_MAX = 500;

/** How the dialog hears back from the call it makes. */
type TCallbacks = { onSuccess: () => void; onError: (error: unknown) => void };

/**
 * An operator's action on a user, confirmed with a reason (kept in the audit log): what will happen
 * is said before the click; the body is checked by the call's own contract, sent, and on success
 * the dialog closes with a notification. A refusal stays in the dialog.
 */
export function ReasonModal<TValues extends { reason: string }>({
  title,
  what,
  submit,
  done,
  color = 'indigo',
  schema,
  initialValues,
  send,
  pending,
  error,
  onClose,
  children,
  testId,
}: {
  title: string;
  /** What the action does, one sentence a line. */
  what: string[];
  submit: string;
  /** The notification once it is done. */
  done: string;
  color?: string;
  schema: z.ZodType<TValues>;
  initialValues: TValues;
  /** Makes the call (a mutation marked `silent`: its refusal is shown here) with the checked body. */
  send: (body: TValues, callbacks: TCallbacks) => void;
  pending: boolean;
  error: unknown;
  onClose: () => void;
  /** Fields besides the reason (the roles' checkboxes), above it. */
  children?: (form: UseFormReturnType<TValues>) => ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const form = useForm<TValues>({ initialValues, validate: zodValidate(schema, t) });
  const general = generalErrorLines(error, t);
  const onSubmit = form.onSubmit((values) =>
    send(schema.parse(values), {
      onSuccess: () => {
        notify.success(done);
        onClose();
      },
      onError: (refusal) => showServerErrors(form, refusal, t),
    }),
  );
  return (
    <Modal opened onClose={onClose} title={title} closeButtonProps={{ 'aria-label': t('common.close') }}>
      <form onSubmit={onSubmit} noValidate data-testid={testId}>
        <Stack>
          <Text size="sm" id={`${testId}-what`}>
            {t('admin.users.whatHappens')}
          </Text>
          <List size="sm" spacing={4} aria-labelledby={`${testId}-what`} style={{ overflowWrap: 'anywhere' }}>
            {what.map((line) => (
              <List.Item key={line}>{line}</List.Item>
            ))}
          </List>
          {children?.(form)}
          <Textarea
            label={t('admin.users.reason')}
            description={t('admin.users.reasonLength', {
              length: form.values.reason.length,
              max: REASON_MAX,
            })}
            required
            rows={3}
            maxLength={REASON_MAX}
            data-autofocus
            {...form.getInputProps('reason')}
            data-testid={`${testId}-reason`}
          />
          <ErrorNote lines={general} testId={`${testId}-error`} />
          <Button type="submit" color={color} loading={pending} data-testid={`${testId}-submit`}>
            {submit}
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
