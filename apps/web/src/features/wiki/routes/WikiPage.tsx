import { Alert, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { WIKI_QUERY_MAX, type TWikiArticles } from '@portal/contracts';
import { DEFAULT_LANGUAGE, isLanguage } from '@portal/contracts/plain';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { useArticles } from '../api/list-articles';
import { useSearchArticles } from '../api/search-articles';
import { ArticleCard } from '../components/ArticleCard';

function Section({ title, articles }: { title: string; articles: TWikiArticles }) {
  if (articles.length === 0) return null;
  return (
    <Stack gap="sm">
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {articles.map((article) => (
          <ArticleCard key={article.slug} article={article} />
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** /wiki: the guides and the service descriptions, and a search over them (?q= keeps it in the address). */
export function WikiPage() {
  const { t, i18n } = useTranslation();
  // i18n.language, read here, makes the page load the texts again when the reader switches language.
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [debounced] = useDebouncedValue(q.trim(), 250);
  const articles = useArticles(lang);
  const search = useSearchArticles(debounced, lang);
  const searching = debounced.length > 0;

  return (
    <Stack>
      <PageTitle>{t('wiki.title')}</PageTitle>
      <Text>{t('wiki.intro')}</Text>
      <TextInput
        type="search"
        label={t('wiki.search')}
        placeholder={t('wiki.searchPlaceholder')}
        maxLength={WIKI_QUERY_MAX}
        value={q}
        onChange={(event) => {
          const value = event.currentTarget.value;
          setParams(value ? { q: value } : {}, { replace: true });
        }}
        data-testid="wiki-search"
      />
      {searching ? (
        search.data ? (
          <Stack gap="sm" aria-live="polite">
            <Text size="sm" c="dimmed" data-testid="wiki-results-count">
              {t('wiki.results', { count: search.data.length })}
            </Text>
            {search.data.length === 0 && (
              <Alert color="gray">{t('wiki.noResults', { query: debounced })}</Alert>
            )}
            {search.data.map((result) => (
              <ArticleCard key={result.slug} article={result} snippet={result.snippet} query={debounced} />
            ))}
          </Stack>
        ) : (
          <Spinner />
        )
      ) : articles.data ? (
        <Stack gap="lg">
          <Section
            title={t('wiki.guides')}
            articles={articles.data.filter((article) => article.category === 'guide')}
          />
          <Section
            title={t('wiki.services')}
            articles={articles.data.filter((article) => article.category === 'service')}
          />
        </Stack>
      ) : (
        <Spinner />
      )}
    </Stack>
  );
}
