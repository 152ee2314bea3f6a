import { describe, expect, it } from 'vitest';
import { inlineText, markdownText, parseFrontMatter, parseInline, parseMarkdown, safeHref } from './markdown';

describe('Markdown blocks', () => {
  it('reads headings, paragraphs, lists and tables', () => {
    const blocks = parseMarkdown(
      '## Steps\n\n1. One\n2. **Two**\n\n- a\n- b\n\nSome\ntext with `code`.\n\n| Tariff | Levels |\n|---|---|\n| 500 | 3 |\n',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'list', 'list', 'paragraph', 'table']);
    expect(blocks[0]).toMatchObject({ level: 2 });
    expect(blocks[1]).toMatchObject({ ordered: true, items: [[{ text: 'One' }], [{ kind: 'strong' }]] });
    expect(blocks[3]).toMatchObject({
      children: [{ text: 'Some text with ' }, { kind: 'code', text: 'code' }, { text: '.' }],
    });
    expect(blocks[4]).toMatchObject({
      head: [[{ text: 'Tariff' }], [{ text: 'Levels' }]],
      rows: [[[{ text: '500' }], [{ text: '3' }]]],
    });
  });

  it('gives a heading the number of its #, up to three; more is text', () => {
    expect(
      parseMarkdown('# A\n### C\n#### D').map((block) => [block.kind, 'level' in block && block.level]),
    ).toEqual([
      ['heading', 1],
      ['heading', 3],
      ['paragraph', false],
    ]);
  });

  it("continues a list item over the lines indented under it, after a blank line too (the legal sources' long clauses)", () => {
    const blocks = parseMarkdown('- first\n  goes on\n\n  and on\n- second\n\nA paragraph.\n');
    expect(blocks).toEqual([
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'first goes on and on' }], [{ kind: 'text', text: 'second' }]],
      },
      { kind: 'paragraph', children: [{ kind: 'text', text: 'A paragraph.' }] },
    ]);
    // Not indented, or not under an item: a paragraph of its own.
    expect(parseMarkdown('- item\nafter').map((block) => block.kind)).toEqual(['list', 'paragraph']);
    expect(parseMarkdown('Text\n  indented').map((block) => block.kind)).toEqual(['paragraph']);
  });

  it('reads a line that starts with | but no table as a paragraph (it used to loop for ever)', () => {
    expect(parseMarkdown('| a note\nmore')).toEqual([
      { kind: 'paragraph', children: [{ kind: 'text', text: '| a note more' }] },
    ]);
  });

  it('reads Windows line ends as Unix ones', () => {
    expect(parseMarkdown('## A\r\n\r\nB\r\nC')).toEqual(parseMarkdown('## A\n\nB\nC'));
  });
});

describe('Markdown inline marks', () => {
  it('reads bold, italic, code and links, and leaves HTML as text', () => {
    expect(parseInline('**b** *i* `c` [l](/wiki/x) <b>x</b>')).toEqual([
      { kind: 'strong', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'em', children: [{ kind: 'text', text: 'i' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: '/wiki/x', children: [{ kind: 'text', text: 'l' }] },
      { kind: 'text', text: ' <b>x</b>' },
    ]);
  });

  it('reads _x_ as italic only between words: snake_case and a lone _ stay text', () => {
    expect(parseInline('Choose _before_ you invite')).toEqual([
      { kind: 'text', text: 'Choose ' },
      { kind: 'em', children: [{ kind: 'text', text: 'before' }] },
      { kind: 'text', text: ' you invite' },
    ]);
    expect(parseInline('a snake_case_name, _ alone _ and 2_000_000')).toEqual([
      { kind: 'text', text: 'a snake_case_name, _ alone _ and 2_000_000' },
    ]);
    expect(parseInline('(_Promocode not exists_).')).toMatchObject([
      { text: '(' },
      { kind: 'em', children: [{ text: 'Promocode not exists' }] },
      { text: ').' },
    ]);
  });

  it('keeps a link only to the portal, the web or mail; any other is its text', () => {
    expect(parseInline('[click](javascript:alert)')).toEqual([{ kind: 'text', text: 'click' }]);
    expect(safeHref(' https://example.com ')).toBe('https://example.com');
    expect(safeHref('mailto:help@example.com')).toBe('mailto:help@example.com');
    expect(safeHref('/wiki/promo-codes')).toBe('/wiki/promo-codes');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('javascript:alert(1)')).toBeNull();
  });
});

describe('Markdown as plain text', () => {
  it('gives the words without their marks, in reading order: headings, paragraphs, items and cells', () => {
    const text = markdownText(
      parseMarkdown(
        '## The **5x** cap\n\n1. Open [Transactions](/wallet).\n2. Send `BEP-20`.\n\n| Tariff | Levels |\n|---|---|\n| 500 | 3 |\n',
      ),
    );
    expect(text).toBe('The 5x cap Open Transactions. Send BEP-20. Tariff Levels 500 3');
    expect(inlineText(parseInline('**a [b](/x) c** `d`'))).toBe('a b c d');
  });
});

describe('front matter', () => {
  it('reads key: value lines between --- lines, and the text after them', () => {
    const read = parseFrontMatter('---\r\ntitle: "Fees: all of them"\r\norder: 2\r\n---\r\nText\r\n');
    expect(read).toEqual({
      fields: new Map([
        ['title', 'Fees: all of them'],
        ['order', '2'],
      ]),
      body: 'Text\n',
    });
  });

  it('refuses a text without it, a line that is not key: value, and a key given twice', () => {
    expect(parseFrontMatter('# Title\n\nText')).toEqual({ error: 'no front matter between "---" lines' });
    expect(parseFrontMatter('---\ntitle: A\norder 1\n---\nText')).toEqual({
      error: 'malformed front matter line "order 1"',
    });
    expect(parseFrontMatter('---\ntitle: A\n\n---\nText')).toEqual({
      error: 'malformed front matter line ""',
    });
    expect(parseFrontMatter('---\ntitle:\n---\nText')).toEqual({
      error: 'malformed front matter line "title:"',
    });
    expect(parseFrontMatter('---\ntitle: A\ntitle: B\n---\nText')).toEqual({ error: '"title" given twice' });
  });
});
