/**
 * A small Markdown reader for the wiki's own articles: headings, paragraphs, lists, tables, and
 * inline bold, italic, code and links. It builds a tree that components/Markdown.tsx renders as
 * React elements: text is never parsed as HTML, so an article cannot inject markup or scripts.
 */

export type TInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: TInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: TInline[] };

export type TBlock =
  | { kind: 'heading'; level: 2 | 3 | 4; children: TInline[] }
  | { kind: 'paragraph'; children: TInline[] }
  | { kind: 'list'; ordered: boolean; items: TInline[][] }
  | { kind: 'table'; head: TInline[][]; rows: TInline[][][] };

/** Links an article may hold: the portal's own paths, web addresses and mail. Anything else is text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  return null;
}

const INLINE = /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*]+\*)|(\[[^\]]+\]\([^)\s]+\))/;

export function parseInline(text: string): TInline[] {
  const out: TInline[] = [];
  let rest = text;
  while (rest) {
    const match = INLINE.exec(rest);
    if (!match) {
      out.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) out.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [token] = match;
    if (match[1]) out.push({ kind: 'code', text: token.slice(1, -1) });
    else if (match[2]) out.push({ kind: 'strong', children: parseInline(token.slice(2, -2)) });
    else if (match[3]) out.push({ kind: 'em', children: parseInline(token.slice(1, -1)) });
    else {
      const link = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(token)!;
      const href = safeHref(link[2]!);
      const children = parseInline(link[1]!);
      if (href) out.push({ kind: 'link', href, children });
      else out.push(...children);
    }
    rest = rest.slice(match.index + token.length);
  }
  return out;
}

const cells = (line: string) =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));

const LIST_ITEM = /^\s*(?:([-*+])|(\d+)\.)\s+(.*)$/;

export function parseMarkdown(markdown: string): TBlock[] {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const blocks: TBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = /^(#{1,3})\s+(.*)$/.exec(line);
    if (heading) {
      blocks.push({
        kind: 'heading',
        level: (heading[1]!.length + 1) as 2 | 3 | 4,
        children: parseInline(heading[2]!.trim()),
      });
      i += 1;
      continue;
    }
    if (line.trim().startsWith('|') && /^\s*\|?[\s:-]+\|[\s|:-]*$/.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows: TInline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cells(lines[i++]!));
      blocks.push({ kind: 'table', head, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = Boolean(item[2]);
      const items: TInline[][] = [];
      while (i < lines.length) {
        const next = LIST_ITEM.exec(lines[i]!);
        if (!next || Boolean(next[2]) !== ordered) break;
        items.push(parseInline(next[3]!.trim()));
        i += 1;
      }
      blocks.push({ kind: 'list', ordered, items });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !/^#{1,3}\s/.test(lines[i]!) &&
      !LIST_ITEM.test(lines[i]!) &&
      !lines[i]!.trim().startsWith('|')
    ) {
      paragraph.push(lines[i]!.trim());
      i += 1;
    }
    blocks.push({ kind: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}
