import { Group, Stack } from '@mantine/core';
import type { TTeamListKind } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TRegistrationsFilter, useRegistrations } from '../api/list-registrations';
import { KindSwitch } from '../components/KindSwitch';
import { MemberPageView } from '../components/MemberPageView';
import { DateRangeInputs } from '../../../components/signed-in/DateRangeInputs';

/** /team/registrations: who joined my binary downline (or one leg), newest first, between two dates. */
export function RegistrationsTab() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TTeamListKind>('all');
  const [filter, setFilter] = useState<TRegistrationsFilter>({});
  const [page, setPage] = useState(1);
  const list = useRegistrations(kind, filter, page);
  const set = (patch: TRegistrationsFilter) => {
    setFilter((current) => ({ ...current, ...patch }));
    setPage(1);
  };
  return (
    <Stack>
      <Group align="flex-end">
        <KindSwitch
          value={kind}
          onChange={(next) => {
            setKind(next);
            setPage(1);
          }}
        />
        <DateRangeInputs idPrefix="registrations" value={filter} onChange={set} width={170} />
      </Group>
      <MemberPageView
        query={list}
        page={page}
        onPage={setPage}
        label={t('team.tabs.registrations')}
        empty={t('team.registrations.empty')}
        testId="registrations"
      />
    </Stack>
  );
}
