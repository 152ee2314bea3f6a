/**
 * The project's one Markdown reader (`@portal/contracts/markdown`). The wiki's articles (shown by
 * the web, searched by the server) and the legal documents' sources (rendered to PDFs by the
 * server's build) are all read here, so a text means the same wherever it ends up.
 *
 * A small subset, for texts we write ourselves: front matter; `#`, `##` and `###` headings;
 * paragraphs (lines joined until a blank line); lists (`-`, `*`, `+` or `1.`, a line indented under
 * an item continuing it); tables; inline bold, italic, code and links. The result is a tree, never
 * HTML: whoever shows it builds its own elements from it, so a text cannot inject markup. A library
 * (marked, micromark) would add 30 to 50 KB to the wiki's screen for a format we write ourselves.
 *
 * No zod here: the web's wiki screen imports this module, and zod loads only with the forms.
 */

export type TMarkdownInline =
  | { kind: 'text'; text: string }
  | { kind: 'strong' | 'em'; children: TMarkdownInline[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: TMarkdownInline[] };

export type TMarkdownBlock =
  /** `level` is the number of `#`: the page that shows the text decides what its headings are. */
  | { kind: 'heading'; level: 1 | 2 | 3; children: TMarkdownInline[] }
  | { kind: 'paragraph'; children: TMarkdownInline[] }
  | { kind: 'list'; ordered: boolean; items: TMarkdownInline[][] }
  | { kind: 'table'; head: TMarkdownInline[][]; rows: TMarkdownInline[][][] };

export type TFrontMatter = { fields: Map<string, string>; body: string };

const FRONT_MATTER = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/;
const FIELD = /^([a-z]+):\s*(.*\S)\s*$/;

/**
 * `key: value` lines between two `---` lines at the top, and the text after them. Anything else
 * between the lines is an error, so a mistyped field is refused rather than read as missing. A
 * value in double quotes loses them (`title: "A: B"`).
 */
export function parseFrontMatter(text: string): TFrontMatter | { error: string } {
  const match = FRONT_MATTER.exec(text.replace(/\r\n/g, '\n'));
  if (!match) return { error: 'no front matter between "---" lines' };
  const fields = new Map<string, string>();
  for (const line of match[1]!.split('\n')) {
    const field = FIELD.exec(line);
    if (!field) return { error: `malformed front matter line "${line}"` };
    if (fields.has(field[1]!)) return { error: `"${field[1]}" given twice` };
    fields.set(field[1]!, field[2]!.replace(/^"(.*)"$/, '$1'));
  }
  return { fields, body: match[2]! };
}

/** Links a text may hold: the portal's own paths, web addresses and mail. Anything else is text. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^\/(?!\/)/.test(trimmed)) return trimmed;
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  return null;
}

/** Code, bold, italic (`*x*`, or `_x_` between words only, so `snake_case` stays text) and links. */
const INLINE =
  /(`[^`]+`)|(\*\*[^*]+\*\*)|(\*[^*]+\*|(?<![\p{L}\p{N}_])_[^_\s](?:[^_]*[^_\s])?_(?![\p{L}\p{N}_]))|(\[[^\]]+\]\([^)\s]+\))/u;

export function parseInline(text: string): TMarkdownInline[] {
  const out: TMarkdownInline[] = [];
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

const HEADING = /^\s*(#{1,3})\s+(.*)$/;
const LIST_ITEM = /^\s*(?:([-*+])|(\d+)\.)\s+(.*)$/;
const TABLE_RULE = /^\s*\|?[\s:-]+\|[\s|:-]*$/;
/** A line under a list item, indented, that is not a block of its own. */
const continues = (line: string) =>
  line.startsWith('  ') && Boolean(line.trim()) && !HEADING.test(line) && !LIST_ITEM.test(line);

export function parseMarkdown(markdown: string): TMarkdownBlock[] {
  const lines = markdown.replace(/\r\n/g, '\n').split('\n');
  const blocks: TMarkdownBlock[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (!line.trim()) {
      i += 1;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      blocks.push({
        kind: 'heading',
        level: heading[1]!.length as 1 | 2 | 3,
        children: parseInline(heading[2]!.trim()),
      });
      i += 1;
      continue;
    }
    if (line.trim().startsWith('|') && TABLE_RULE.test(lines[i + 1] ?? '')) {
      const head = cells(line);
      const rows: TMarkdownInline[][][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim().startsWith('|')) rows.push(cells(lines[i++]!));
      blocks.push({ kind: 'table', head, rows });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      const ordered = Boolean(item[2]);
      const items: string[] = [];
      while (i < lines.length) {
        const next = LIST_ITEM.exec(lines[i]!);
        if (next) {
          if (Boolean(next[2]) !== ordered) break;
          items.push(next[3]!.trim());
          i += 1;
          continue;
        }
        // An item's text may go on over indented lines, after blank lines too (a long clause of a
        // legal document); a blank line followed by anything else ends the list.
        let after = i;
        while (after < lines.length && !lines[after]!.trim()) after += 1;
        if (after === lines.length || !continues(lines[after]!)) break;
        items[items.length - 1] += ` ${lines[after]!.trim()}`;
        i = after + 1;
      }
      blocks.push({ kind: 'list', ordered, items: items.map(parseInline) });
      continue;
    }
    // The first line is the paragraph's whatever it looks like (a `|` line that starts no table).
    const paragraph = [line.trim()];
    i += 1;
    while (
      i < lines.length &&
      lines[i]!.trim() &&
      !HEADING.test(lines[i]!) &&
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

/** The words of inline nodes without their marks (a link gives its text). */
export function inlineText(nodes: TMarkdownInline[]): string {
  return nodes.map((node) => ('children' in node ? inlineText(node.children) : node.text)).join('');
}

/** A text's words without the marks, in reading order: what a search looks through. */
export function markdownText(blocks: TMarkdownBlock[]): string {
  return blocks
    .flatMap((block) => {
      switch (block.kind) {
        case 'heading':
        case 'paragraph':
          return [inlineText(block.children)];
        case 'list':
          return block.items.map(inlineText);
        case 'table':
          return [...block.head, ...block.rows.flat()].map(inlineText);
      }
    })
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}
