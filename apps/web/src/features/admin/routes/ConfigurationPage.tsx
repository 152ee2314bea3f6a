import {
  Anchor,
  Badge,
  Button,
  Code,
  NativeSelect,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { SETTING_KEYS, type TAdminSetting, type TSettingKey, ZSettingChange } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { Pager } from '../../../components/Pager';
import { Spinner } from '../../../components/Spinner';
import { StackedTable } from '../../../components/StackedTable';
import { formatDateTime } from '../../../lib/format';
import { useChangeSetting, useSettingHistory, useSettings } from '../api/settings';
import { ReasonModal } from '../components/ReasonModal';

const GROUP_NAMES = ['windows', 'rates', 'withdrawals'] as const;

/** The screen's group of a setting: by its variable's name. */
const groupOf = (key: TSettingKey): (typeof GROUP_NAMES)[number] =>
  key.startsWith('WITHDRAWAL_') ? 'withdrawals' : key.endsWith('_RATE') ? 'rates' : 'windows';

/** How each kind of value is written, said beside its field. */
const formatOf = (key: TSettingKey) =>
  key.endsWith('_WINDOW')
    ? 'window'
    : key.endsWith('_PERCENT') || key.endsWith('_DAYS')
      ? 'whole'
      : key.endsWith('_RATE')
        ? 'rate'
        : 'amount';

function ChangeModal({ setting, onClose }: { setting: TAdminSetting; onClose: () => void }) {
  const { t } = useTranslation();
  const change = useChangeSetting();
  const name = t(`admin.configuration.settings.${setting.key}`);
  return (
    <ReasonModal
      testId="setting-change"
      title={t('admin.configuration.changeTitle', { name })}
      what={[t('admin.configuration.appliesNow'), t('admin.configuration.kept')]}
      submit={t('admin.configuration.save')}
      done={t('admin.configuration.saved', { name })}
      schema={ZSettingChange}
      initialValues={{ key: setting.key, value: setting.value, reason: '' }}
      send={(body, callbacks) => change.mutate(body, callbacks)}
      pending={change.isPending}
      error={change.error}
      onClose={onClose}
    >
      {(form) => (
        <TextInput
          label={name}
          description={t(`admin.configuration.formats.${formatOf(setting.key)}`)}
          required
          data-autofocus
          styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
          {...form.getInputProps('value')}
        />
      )}
    </ReasonModal>
  );
}

function SettingsTable({
  keys,
  settings,
  onChange,
}: {
  keys: readonly TSettingKey[];
  settings: readonly TAdminSetting[];
  onChange: (setting: TAdminSetting) => void;
}) {
  const { t } = useTranslation();
  const columns = {
    setting: t('admin.configuration.setting'),
    value: t('admin.configuration.value'),
    changed: t('admin.configuration.lastChange'),
  };
  return (
    <StackedTable label={columns.setting} minWidth={640}>
      <Table>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{columns.setting}</Table.Th>
            <Table.Th>{columns.value}</Table.Th>
            <Table.Th>{columns.changed}</Table.Th>
            <Table.Th>{t('admin.withdrawals.actions')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {keys.map((key) => {
            const setting = settings.find((item) => item.key === key);
            if (!setting) return null;
            return (
              <Table.Tr key={key} data-testid={`setting-${key}`}>
                <Table.Td data-label={columns.setting}>
                  <Text size="sm">{t(`admin.configuration.settings.${key}`)}</Text>
                  <Text size="xs" c="dimmed" ff="monospace">
                    {key}
                  </Text>
                </Table.Td>
                <Table.Td data-label={columns.value}>
                  <Code data-testid={`setting-${key}-value`}>{setting.value}</Code>
                  {setting.value !== setting.default && (
                    <Text size="xs" c="dimmed">
                      {t('admin.configuration.atStart', { value: setting.default })}
                    </Text>
                  )}
                </Table.Td>
                <Table.Td data-label={columns.changed}>
                  {setting.changed_at ? (
                    <Text size="sm">
                      {t('admin.configuration.changedBy', {
                        when: formatDateTime(setting.changed_at),
                        who: setting.changed_by?.email ?? '–',
                      })}
                    </Text>
                  ) : (
                    <Badge variant="light" color="gray" c="gray.9">
                      {t('admin.configuration.asStarted')}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td data-label={t('admin.withdrawals.actions')}>
                  <Button size="compact-sm" variant="light" onClick={() => onChange(setting)}>
                    {t('admin.configuration.change')}
                  </Button>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </StackedTable>
  );
}

function History() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [key, setKey] = useState<TSettingKey | undefined>();
  const history = useSettingHistory(page, key);
  const entries = history.data?.results ?? [];
  const columns = {
    time: t('admin.configuration.time'),
    setting: t('admin.configuration.setting'),
    change: t('admin.configuration.fromTo'),
    who: t('admin.configuration.who'),
    reason: t('admin.configuration.reason'),
  };
  return (
    <Stack>
      <Title order={2} size="h4">
        {t('admin.configuration.history')}
      </Title>
      <NativeSelect
        label={t('admin.configuration.setting')}
        maw={360}
        data={[
          { value: '', label: t('transactions.any') },
          ...SETTING_KEYS.map((name) => ({ value: name, label: t(`admin.configuration.settings.${name}`) })),
        ]}
        value={key ?? ''}
        onChange={(event) => {
          setKey((event.currentTarget.value || undefined) as TSettingKey | undefined);
          setPage(1);
        }}
      />
      {entries.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="setting-history-empty">
          {history.isPending ? t('common.loading') : t('admin.configuration.noChanges')}
        </Text>
      ) : (
        <StackedTable label={t('admin.configuration.history')} minWidth={720}>
          <Table striped>
            <Table.Thead>
              <Table.Tr>
                {Object.values(columns).map((header) => (
                  <Table.Th key={header}>{header}</Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {entries.map((entry) => (
                <Table.Tr key={entry.id} data-testid="setting-history-entry">
                  <Table.Td data-label={columns.time}>{formatDateTime(entry.created_at)}</Table.Td>
                  <Table.Td data-label={columns.setting}>
                    {t(`admin.configuration.settings.${entry.key}`)}
                  </Table.Td>
                  <Table.Td data-label={columns.change} style={{ overflowWrap: 'anywhere' }}>
                    <Code>{entry.previous}</Code> → <Code>{entry.value}</Code>
                  </Table.Td>
                  <Table.Td data-label={columns.who}>{entry.actor?.email ?? '–'}</Table.Td>
                  <Table.Td data-label={columns.reason}>{entry.reason}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </StackedTable>
      )}
      {history.data && <Pager count={history.data.count} page={page} onChange={setPage} />}
    </Stack>
  );
}

/**
 * The configuration (admins): the windows, rates and withdrawal fees the portal runs with, each
 * changed here with a reason, in force at once, and the history of every change. Prices are the
 * catalogue's; the Hot Winter window and the plan's version are shown, not changed.
 */
export function ConfigurationPage() {
  const { t } = useTranslation();
  const settings = useSettings();
  const [editing, setEditing] = useState<TAdminSetting | null>(null);
  return (
    <Stack gap="lg">
      <PageTitle>{t('admin.configuration.title')}</PageTitle>
      <Text size="sm" c="dimmed">
        {t('admin.configuration.intro')}
      </Text>
      {!settings.data ? (
        <Spinner />
      ) : (
        <>
          {GROUP_NAMES.map((group) => (
            <Stack key={group} gap="xs">
              <Title order={2} size="h4">
                {t(`admin.configuration.groups.${group}`)}
              </Title>
              <SettingsTable
                keys={SETTING_KEYS.filter((key) => groupOf(key) === group)}
                settings={settings.data.settings}
                onChange={setEditing}
              />
            </Stack>
          ))}
          <Stack gap="xs" data-testid="settings-fixed">
            <Title order={2} size="h4">
              {t('admin.configuration.groups.fixed')}
            </Title>
            <Text size="sm">
              {t('admin.configuration.hotWinter')} <Code>{settings.data.fixed.hot_winter_window}</Code>
            </Text>
            <Text size="sm">
              {t('admin.configuration.planVersion')} <Code>{settings.data.fixed.plan_version}</Code>
            </Text>
            <Text size="sm" c="dimmed">
              {t('admin.configuration.fixedWhy')}
            </Text>
            <Anchor component={Link} to="/admin/catalog" size="sm">
              {t('admin.configuration.prices')}
            </Anchor>
          </Stack>
        </>
      )}
      <History />
      {editing && <ChangeModal setting={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
