import { type TLanguage } from '@portal/contracts';

/**
 * A legal document's source (content/legal/<language>/<document>.md): front matter with its title,
 * version and effective date, then a small Markdown: `## ` headings, `- ` list items and
 * paragraphs (lines joined until a blank line).
 */
export type TLegalSource = {
  title: string;
  version: string;
  /** YYYY-MM-DD. */
  effective: string;
  blocks: TBlock[];
};

export type TBlock = { kind: 'heading' | 'paragraph' | 'item'; text: string };

export class LegalSourceError extends Error {}

export function parseLegalSource(text: string, where: string): TLegalSource {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n([\s\S]*)$/.exec(text);
  if (!match) throw new LegalSourceError(`${where}: no front matter (--- title, version, effective ---)`);
  const meta: Record<string, string> = {};
  for (const line of match[1]!.split(/\r?\n/)) {
    const field = /^(\w+):\s*(.*?)\s*$/.exec(line);
    if (field) meta[field[1]!] = field[2]!.replace(/^"(.*)"$/, '$1');
  }
  const { title, version, effective } = meta;
  if (!title || !version || !effective || !/^\d{4}-\d{2}-\d{2}$/.test(effective)) {
    throw new LegalSourceError(`${where}: the front matter needs title, version and effective (YYYY-MM-DD)`);
  }
  const blocks: TBlock[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    paragraph = [];
  };
  for (const raw of match[2]!.split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) flush();
    else if (line.startsWith('## ')) {
      flush();
      blocks.push({ kind: 'heading', text: line.slice(3).trim() });
    } else if (line.startsWith('- ')) {
      flush();
      blocks.push({ kind: 'item', text: line.slice(2).trim() });
    } else if (paragraph.length === 0 && blocks.at(-1)?.kind === 'item' && raw.startsWith('  ')) {
      // A list item's continuation line.
      blocks.at(-1)!.text += ` ${line}`;
    } else paragraph.push(line);
  }
  flush();
  if (blocks.length === 0) throw new LegalSourceError(`${where}: no text`);
  return { title, version, effective, blocks };
}

/** The words around the text of a PDF, per language (the document's own language). */
export const PDF_LABELS: Record<TLanguage, { version: string; effective: string }> = {
  en: { version: 'Version', effective: 'Effective from' },
  pt: { version: 'Versão', effective: 'Em vigor desde' },
  BT: { version: 'Versão', effective: 'Vigente a partir de' },
  ru: { version: 'Редакция', effective: 'Действует с' },
  es: { version: 'Versión', effective: 'Vigente desde' },
  it: { version: 'Versione', effective: 'In vigore dal' },
  TUV: { version: 'Редакция', effective: 'Күштүг болганы' },
};
