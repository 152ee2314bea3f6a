import { Group, Stack } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import type { TTeamListKind } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type TRegistrationsFilter, useRegistrations } from '../api/list-registrations';
import { KindSwitch } from '../components/KindSwitch';
import { MemberPageView } from '../components/MemberPageView';

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
  const dateProps = {
    valueFormat: 'DD.MM.YYYY',
    placeholder: t('transactions.pickDate'),
    clearable: true,
    previousLabel: t('transactions.previousMonth'),
    nextLabel: t('transactions.nextMonth'),
    clearButtonProps: { 'aria-label': t('transactions.clearDate') },
    w: 170,
  } as const;
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
        <DatePickerInput
          label={t('transactions.from')}
          {...dateProps}
          id="registrations-from"
          popoverProps={{ id: 'registrations-from-label' }}
          maxDate={filter.date_to}
          value={filter.date_from ?? null}
          onChange={(value) => set({ date_from: value ?? undefined })}
        />
        <DatePickerInput
          label={t('transactions.to')}
          {...dateProps}
          id="registrations-to"
          popoverProps={{ id: 'registrations-to-label' }}
          minDate={filter.date_from}
          value={filter.date_to ?? null}
          onChange={(value) => set({ date_to: value ?? undefined })}
        />
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
