import { Button, Checkbox, Group, Stack } from '@mantine/core';
import {
  OPERATOR_ROLES,
  type TAdminUser,
  ZBlockRequest,
  ZKycDecisionRequest,
  ZMfaResetRequest,
  ZRolesRequest,
} from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSetUserBlocked } from '../api/block-user';
import { useDecideUserKyc } from '../api/decide-user-kyc';
import { useResetUserMfa } from '../api/reset-user-mfa';
import { useSetUserRoles } from '../api/set-user-roles';
import { ReasonModal } from './ReasonModal';

/** What the actions need of a user: the users list's row or a partner's profile. */
type TActedOn = Pick<
  TAdminUser,
  'id' | 'email' | 'is_superuser' | 'is_active' | 'mfa_enabled' | 'kyc_status' | 'roles'
>;

/** The dialog a row has open. */
type TUserAction = 'block' | 'mfa' | 'verified' | 'rejected' | 'roles';

/** The dialog asks for the reason even where the call takes none (blocking, for older clients). */
const ZBlockWithReason = ZBlockRequest.required();

/**
 * What support may do to a user, each after a dialog that says what will happen and asks why:
 * block or unblock, turn two-factor off, decide the KYC; and, for an admin, set the roles.
 */
export function UserActions({ user, mayEditRoles }: { user: TActedOn; mayEditRoles: boolean }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<TUserAction | null>(null);
  const close = () => setOpen(null);
  return (
    <>
      <Group gap={4}>
        {!user.is_superuser && (
          <Button
            size="compact-xs"
            variant="light"
            color={user.is_active ? 'red' : 'teal'}
            onClick={() => setOpen('block')}
            data-testid={user.is_active ? 'block-user' : 'unblock-user'}
          >
            {user.is_active ? t('admin.users.block') : t('admin.users.unblock')}
          </Button>
        )}
        {user.mfa_enabled && (
          <Button size="compact-xs" variant="light" onClick={() => setOpen('mfa')} data-testid="reset-mfa">
            {t('admin.users.mfaReset.open')}
          </Button>
        )}
        {user.kyc_status !== 'verified' && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setOpen('verified')}
            data-testid="kyc-verify"
          >
            {t('admin.users.kycDecision.open.verified')}
          </Button>
        )}
        {user.kyc_status !== 'rejected' && (
          <Button
            size="compact-xs"
            variant="light"
            onClick={() => setOpen('rejected')}
            data-testid="kyc-reject"
          >
            {t('admin.users.kycDecision.open.rejected')}
          </Button>
        )}
        {mayEditRoles && !user.is_superuser && (
          <Button size="compact-xs" variant="light" onClick={() => setOpen('roles')} data-testid="edit-roles">
            {t('admin.users.rolesEdit.open')}
          </Button>
        )}
      </Group>
      {open === 'block' && <BlockModal user={user} onClose={close} />}
      {open === 'mfa' && <MfaResetModal user={user} onClose={close} />}
      {(open === 'verified' || open === 'rejected') && (
        <KycDecisionModal user={user} status={open} onClose={close} />
      )}
      {open === 'roles' && <RolesModal user={user} onClose={close} />}
    </>
  );
}

type TModalProps = { user: TActedOn; onClose: () => void };

function BlockModal({ user, onClose }: TModalProps) {
  const { t } = useTranslation();
  const setBlocked = useSetUserBlocked();
  const blocked = user.is_active;
  return (
    <ReasonModal
      testId="block"
      title={t(blocked ? 'admin.users.blockTitle' : 'admin.users.unblockTitle', { email: user.email })}
      what={[t(blocked ? 'admin.users.blockWhat' : 'admin.users.unblockWhat')]}
      submit={blocked ? t('admin.users.block') : t('admin.users.unblock')}
      done={t(blocked ? 'admin.users.blockedDone' : 'admin.users.unblockedDone', { email: user.email })}
      color={blocked ? 'red' : 'teal'}
      schema={ZBlockWithReason}
      initialValues={{ reason: '' }}
      send={(body, callbacks) => setBlocked.mutate({ id: user.id, blocked, ...body }, callbacks)}
      pending={setBlocked.isPending}
      error={setBlocked.error}
      onClose={onClose}
    />
  );
}

function MfaResetModal({ user, onClose }: TModalProps) {
  const { t } = useTranslation();
  const reset = useResetUserMfa();
  return (
    <ReasonModal
      testId="mfa-reset"
      title={t('admin.users.mfaReset.title', { email: user.email })}
      what={[
        t('admin.users.mfaReset.off'),
        t('admin.users.mfaReset.mailed'),
        t('admin.users.mfaReset.password'),
      ]}
      submit={t('admin.users.mfaReset.open')}
      done={t('admin.users.mfaReset.done', { email: user.email })}
      color="red"
      schema={ZMfaResetRequest}
      initialValues={{ reason: '' }}
      send={(body, callbacks) => reset.mutate({ id: user.id, ...body }, callbacks)}
      pending={reset.isPending}
      error={reset.error}
      onClose={onClose}
    />
  );
}

function KycDecisionModal({ user, status, onClose }: TModalProps & { status: 'verified' | 'rejected' }) {
  const { t } = useTranslation();
  const decide = useDecideUserKyc();
  return (
    <ReasonModal
      testId="kyc"
      title={t(`admin.users.kycDecision.title.${status}`, { email: user.email })}
      what={[t(`admin.users.kycDecision.what.${status}`)]}
      submit={t(`admin.users.kycDecision.open.${status}`)}
      done={t(`admin.users.kycDecision.done.${status}`, { email: user.email })}
      color={status === 'verified' ? 'teal' : 'red'}
      schema={ZKycDecisionRequest}
      initialValues={{ status, reason: '' }}
      send={(body, callbacks) => decide.mutate({ id: user.id, ...body }, callbacks)}
      pending={decide.isPending}
      error={decide.error}
      onClose={onClose}
    />
  );
}

function RolesModal({ user, onClose }: TModalProps) {
  const { t } = useTranslation();
  const setRoles = useSetUserRoles();
  return (
    <ReasonModal
      testId="roles"
      title={t('admin.users.rolesEdit.title', { email: user.email })}
      what={[t('admin.users.rolesEdit.what'), t('admin.users.rolesEdit.none')]}
      submit={t('admin.users.rolesEdit.submit')}
      done={t('admin.users.rolesEdit.done', { email: user.email })}
      schema={ZRolesRequest}
      initialValues={{ roles: user.roles, reason: '' }}
      send={(body, callbacks) => setRoles.mutate({ id: user.id, ...body }, callbacks)}
      pending={setRoles.isPending}
      error={setRoles.error}
      onClose={onClose}
    >
      {(form) => (
        <Checkbox.Group label={t('admin.users.roles')} {...form.getInputProps('roles')}>
          <Stack gap="xs" mt={4}>
            {OPERATOR_ROLES.map((role) => (
              <Checkbox
                key={role}
                value={role}
                label={t(`admin.roles.${role}`)}
                description={t(`admin.roleHints.${role}`)}
                data-testid={`role-${role}`}
              />
            ))}
          </Stack>
        </Checkbox.Group>
      )}
    </ReasonModal>
  );
}
