import { inlineText, parseFrontMatter, parseMarkdown } from '@portal/contracts/markdown';

/**
 * A legal document's source (content/legal/<language>/<document>.md): front matter with its title,
 * version and effective date, then Markdown read by the project's one reader
 * (`@portal/contracts/markdown`), as the PDF shows it: headings, paragraphs and list items, as plain
 * text.
 */
export type TLegalSource = {
  title: string;
  version: string;
  /** YYYY-MM-DD. */
  effective: string;
  blocks: TBlock[];
};

/** An item's marker is its bullet, or its number in an ordered list. */
export type TBlock =
  { kind: 'heading' | 'paragraph'; text: string } | { kind: 'item'; marker: string; text: string };

export class LegalSourceError extends Error {}

export function parseLegalSource(text: string, where: string): TLegalSource {
  const read = parseFrontMatter(text);
  if ('error' in read) throw new LegalSourceError(`${where}: ${read.error} (title, version, effective)`);
  const title = read.fields.get('title');
  const version = read.fields.get('version');
  const effective = read.fields.get('effective');
  if (!title || !version || !effective || !/^\d{4}-\d{2}-\d{2}$/.test(effective)) {
    throw new LegalSourceError(`${where}: the front matter needs title, version and effective (YYYY-MM-DD)`);
  }
  const blocks = parseMarkdown(read.body).flatMap((block): TBlock[] => {
    switch (block.kind) {
      case 'heading':
      case 'paragraph':
        return [{ kind: block.kind, text: inlineText(block.children) }];
      case 'list':
        return block.items.map((item, index) => ({
          kind: 'item',
          marker: block.ordered ? `${index + 1}.` : '•',
          text: inlineText(item),
        }));
      case 'table':
        throw new LegalSourceError(`${where}: a table, which the PDF cannot show`);
    }
  });
  if (blocks.length === 0) throw new LegalSourceError(`${where}: no text`);
  return { title, version, effective, blocks };
}
