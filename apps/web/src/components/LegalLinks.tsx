import { Anchor, Box, Group } from '@mantine/core';
import {
  DEFAULT_LANGUAGE,
  isLanguage,
  LEGAL_DOCUMENTS,
  legalDocumentUrl,
  type TLegalDocument,
} from '@portal/contracts/plain';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** The reader's language, following the language switch. */
function useLanguage() {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * A link to a legal PDF in the reader's language (the server answers English where that language
 * has none), opened in a new tab.
 */
export function LegalLink({ document, children }: { document: TLegalDocument; children: ReactNode }) {
  const language = useLanguage();
  return (
    <Anchor
      href={legalDocumentUrl(document, language)}
      target="_blank"
      rel="noopener"
      inherit
      // Inside a sentence (an acceptance checkbox, the offer note): the link colour and always
      // underlined, so it reads as a link and stands out by more than colour (WCAG 1.4.1, axe).
      c="indigo.9"
      fw={500}
      underline="always"
      data-testid={`legal-link-${document}`}
    >
      {children}
    </Anchor>
  );
}

/** Every legal document, for the foot of the public and the signed-in shells. */
export function LegalFooter() {
  const { t } = useTranslation();
  const language = useLanguage();
  return (
    <Box component="footer" py="md" px="md">
      <Group
        component="nav"
        aria-label={t('legal.footer')}
        gap="sm"
        justify="center"
        data-testid="legal-footer"
      >
        {LEGAL_DOCUMENTS.map((document) => (
          <Anchor
            key={document}
            href={legalDocumentUrl(document, language)}
            target="_blank"
            rel="noopener"
            size="xs"
            c="dimmed"
          >
            {t(`legal.documents.${document}`)}
          </Anchor>
        ))}
      </Group>
    </Box>
  );
}
