import { Stack } from '@mantine/core';
import type { TTeamListKind } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFirstLine } from '../api/first-line';
import { KindSwitch } from '../components/KindSwitch';
import { MemberPageView } from '../components/MemberPageView';

/** /team/first-line: the partners I personally invited, all or by the leg they were placed in. */
export function FirstLineTab() {
  const { t } = useTranslation();
  const [kind, setKind] = useState<TTeamListKind>('all');
  const [page, setPage] = useState(1);
  const list = useFirstLine(kind, page);
  return (
    <Stack>
      <KindSwitch
        value={kind}
        onChange={(next) => {
          setKind(next);
          setPage(1);
        }}
      />
      <MemberPageView
        query={list}
        page={page}
        onPage={setPage}
        label={t('team.tabs.first-line')}
        empty={t('team.empty')}
        testId="first-line"
      />
    </Stack>
  );
}
