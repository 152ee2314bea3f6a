import { MantineProvider } from '@mantine/core';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Markdown } from './Markdown';

// How the text is read is tested with the reader (packages/contracts/src/markdown.test.ts); here,
// what the reader's tree becomes on the page.
const render = (source: string) =>
  renderToStaticMarkup(
    <MantineProvider>
      <MemoryRouter>
        <Markdown source={source} />
      </MemoryRouter>
    </MantineProvider>,
  );

describe('wiki Markdown', () => {
  it('renders headings below the page title (h2 to h4), lists and tables', () => {
    const html = render(
      '# One\n\n## Two\n\n### Three\n\n1. a\n2. **b**\n\n- c\n\n| T | L |\n|---|---|\n| 500 | 3 |',
    );
    expect(html).toMatch(/<h2[^>]*>One<\/h2>/);
    expect(html).toMatch(/<h3[^>]*>Two<\/h3>/);
    expect(html).toMatch(/<h4[^>]*>Three<\/h4>/);
    expect(html).toMatch(/<ol[^>]*>.*a.*<strong>b<\/strong>.*<\/ol>/);
    expect(html).toMatch(/<ul[^>]*>.*c.*<\/ul>/);
    expect(html).toMatch(/<th[^>]*>T<\/th>.*<td[^>]*>500<\/td>/);
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
  });
});
