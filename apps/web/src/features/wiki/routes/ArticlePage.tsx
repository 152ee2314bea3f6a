import { Alert, Anchor, Paper, Stack, Text } from '@mantine/core';
import { DEFAULT_LANGUAGE, isLanguage, LOCALE_OF } from '@portal/contracts/plain';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { PageTitle } from '../../../components/PageTitle';
import { Spinner } from '../../../components/Spinner';
import { ApiError } from '../../../lib/api-client';
import { errorLines } from '../../../lib/errors';
import { useArticle } from '../api/get-article';
import { Markdown } from '../components/Markdown';

/** /wiki/:slug: one article in the reader's language, or the English original, marked as such. */
export function ArticlePage() {
  const { t, i18n } = useTranslation();
  // i18n.language, read here, makes the page load the texts again when the reader switches language.
  const lang = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  const { slug = '' } = useParams();
  const article = useArticle(slug, lang);

  return (
    <Stack>
      <Anchor component={Link} to="/wiki" size="sm">
        {t('wiki.back')}
      </Anchor>
      {article.isError ? (
        // Only a 404 means there is no such article; anything else says what went wrong.
        <Stack>
          <PageTitle>{t('wiki.title')}</PageTitle>
          <Alert color="gray" data-testid="wiki-not-found">
            {article.error instanceof ApiError && article.error.status === 404
              ? t('wiki.notFound')
              : errorLines(article.error, t).join(' ')}
          </Alert>
        </Stack>
      ) : article.data ? (
        // An English fallback says so to screen readers and translators (lang="en").
        <Stack lang={article.data.fallback ? article.data.lang : undefined}>
          <PageTitle>{article.data.title}</PageTitle>
          {article.data.fallback && (
            <Alert color="blue" variant="light" lang={LOCALE_OF[lang]} data-testid="wiki-fallback">
              {t('wiki.fallback')}
            </Alert>
          )}
          <Paper withBorder p={{ base: 'sm', sm: 'lg' }}>
            <Stack gap="sm">
              <Text c="dimmed">{article.data.summary}</Text>
              <Markdown source={article.data.body} />
            </Stack>
          </Paper>
        </Stack>
      ) : (
        <Spinner />
      )}
    </Stack>
  );
}
