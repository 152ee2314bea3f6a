import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from '../components/Markdown';
import { highlight } from './highlight';
import { parseMarkdown, safeHref } from './markdown';

const render = (source: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <Markdown source={source} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('wiki Markdown', () => {
  it('reads headings, paragraphs, lists and tables', () => {
    const blocks = parseMarkdown(
      '## Steps\n\n1. One\n2. **Two**\n\n- a\n- b\n\nSome\ntext with `code`.\n\n| Tariff | Levels |\n|---|---|\n| 500 | 3 |\n',
    );
    expect(blocks.map((block) => block.kind)).toEqual(['heading', 'list', 'list', 'paragraph', 'table']);
    expect(blocks[0]).toMatchObject({ level: 3 });
    expect(blocks[1]).toMatchObject({ ordered: true, items: [[{ text: 'One' }], [{ kind: 'strong' }]] });
    expect(blocks[3]).toMatchObject({
      children: [{ text: 'Some text with ' }, { kind: 'code', text: 'code' }, { text: '.' }],
    });
    expect(blocks[4]).toMatchObject({
      head: [[{ text: 'Tariff' }], [{ text: 'Levels' }]],
      rows: [[[{ text: '500' }], [{ text: '3' }]]],
    });
  });

  it('never renders HTML from the text, and drops unsafe links', () => {
    const html = render(
      '<script>alert(1)</script>\n\n<img src=x onerror=alert(1)>\n\n[click](javascript:alert(1)) [ok](https://example.com) [in](/wiki/promo-codes)',
    );
    expect(html).not.toContain('<script');
    expect(html).not.toContain('<img');
    expect(html).toContain('&lt;script&gt;');
    expect(html).not.toContain('javascript:');
    expect(html).toContain('href="https://example.com"');
    expect(html).toContain('rel="noopener noreferrer"');
    expect(html).toContain('href="/wiki/promo-codes"');
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
  });
});

describe('search highlight', () => {
  it('marks the words of the query whatever their case and accents', () => {
    expect(highlight('Faça um depósito em USDT', 'DEPOSITO usdt')).toEqual([
      { text: 'Faça um ', hit: false },
      { text: 'depósito', hit: true },
      { text: ' em ', hit: false },
      { text: 'USDT', hit: true },
    ]);
    expect(highlight('Бинар бонус', 'бонус')).toEqual([
      { text: 'Бинар ', hit: false },
      { text: 'бонус', hit: true },
    ]);
    expect(highlight('nothing', '')).toEqual([{ text: 'nothing', hit: false }]);
  });
});
