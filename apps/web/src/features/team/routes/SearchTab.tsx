import { Stack, Text, TextInput } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { SEARCH_MIN_LENGTH } from '@portal/contracts';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorLines } from '../../../lib/errors';
import { useDownlineSearch } from '../api/downline-search';
import { MemberTable } from '../components/MemberTable';
import { isSearchable } from '../lib/search';
import { Spinner } from '../../../components/Spinner';

/** /team/search: partners of my downline by name, email or ID; a result opens in the binary tree. */
export function SearchTab() {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [q] = useDebouncedValue(typed, 300);
  const search = useDownlineSearch(q);
  const tooShort = typed.trim() !== '' && !isSearchable(typed);
  return (
    <Stack>
      <TextInput
        type="search"
        label={t('team.search.label')}
        description={t('team.search.hint', { count: SEARCH_MIN_LENGTH })}
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        error={tooShort ? t('team.search.tooShort', { count: SEARCH_MIN_LENGTH }) : undefined}
        rightSection={search.isFetching ? <Spinner size="xs" /> : null}
        maxLength={100}
      />
      <div aria-live="polite">
        {isSearchable(q) && search.data ? (
          search.data.results.length === 0 ? (
            <Text c="dimmed" ta="center" data-testid="search-empty">
              {t('common.noResults')}
            </Text>
          ) : (
            <MemberTable
              label={t('team.search.results')}
              members={search.data.results}
              testId="search-results"
            />
          )
        ) : search.isError ? (
          <Text c="dimmed">{errorLines(search.error, t).join(' ')}</Text>
        ) : null}
      </div>
    </Stack>
  );
}
