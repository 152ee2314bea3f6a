import { Stack, Text } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../components/Pager';
import { errorLines } from '../../../lib/errors';
import type { TMemberPage } from '../lib/member-page';
import { MemberTable } from './MemberTable';
import { Spinner } from '../../../components/Spinner';

/** A paged team list: the table of one page, "nothing here" when empty, the pager, or the error. */
export function MemberPageView({
  query,
  page,
  onPage,
  label,
  empty,
  testId,
}: {
  query: UseQueryResult<TMemberPage>;
  page: number;
  onPage: (page: number) => void;
  label: string;
  empty: string;
  testId: string;
}) {
  const { t } = useTranslation();
  if (!query.data)
    return query.isError ? <Text c="dimmed">{errorLines(query.error, t).join(' ')}</Text> : <Spinner />;
  return (
    <Stack gap="sm">
      {query.data.count === 0 ? (
        <Text c="dimmed" ta="center" data-testid={`${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <MemberTable label={label} members={query.data.results} testId={testId} />
      )}
      <Pager count={query.data.count} page={page} onChange={onPage} />
    </Stack>
  );
}
