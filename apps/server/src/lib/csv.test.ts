import { describe, expect, it } from 'vitest';
import { csvLine } from './csv';

describe('csvLine', () => {
  it('joins fields with commas and ends the line with CRLF', () => {
    expect(csvLine(['a', 1, 2n, true, null, undefined])).toBe('a,1,2,true,,\r\n');
  });

  it('quotes a field with a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvLine(['a,b', 'say "hi"', 'two\nlines'])).toBe('"a,b","say ""hi""","two\nlines"\r\n');
  });

  it('keeps a text that would run as a formula a text, and numbers numbers', () => {
    expect(csvLine(['=HYPERLINK("x")', '+1+1', '@SUM(A1)', '-12.5', '-7'])).toBe(
      `"'=HYPERLINK(""x"")",'+1+1,'@SUM(A1),-12.5,-7\r\n`,
    );
  });
});
