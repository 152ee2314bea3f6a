import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import type { TWikiArticleSummary } from '@portal/contracts';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { highlight } from '../lib/highlight';

/** An article in the list or in search results; a snippet with the query's words marked, when searching. */
export function ArticleCard({
  article,
  snippet,
  query,
}: {
  article: TWikiArticleSummary;
  snippet?: string;
  query?: string;
}) {
  const { t } = useTranslation();
  // An English fallback's own texts say so to screen readers.
  const lang = article.fallback ? article.lang : undefined;
  return (
    <Paper withBorder p="md" data-testid={`wiki-article-${article.slug}`}>
      <Stack gap={4}>
        <Group gap="xs" justify="space-between" wrap="nowrap" align="flex-start">
          <Anchor component={Link} to={`/wiki/${article.slug}`} fw={600} style={{ minWidth: 0 }} lang={lang}>
            {article.title}
          </Anchor>
          {article.fallback && (
            <Badge variant="light" color="gray" style={{ flexShrink: 0 }}>
              {t('wiki.inEnglish')}
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed" lang={lang}>
          {snippet && query
            ? highlight(snippet, query).map((piece, index) =>
                piece.hit ? <mark key={index}>{piece.text}</mark> : piece.text,
              )
            : article.summary}
        </Text>
      </Stack>
    </Paper>
  );
}
