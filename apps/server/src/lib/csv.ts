/**
 * CSV as RFC 4180 writes it: fields joined by commas, lines ended by CRLF, a field quoted when it
 * holds a comma, a quote or a line break (its quotes doubled).
 *
 * A text that a spreadsheet would run as a formula (it starts with =, +, -, @, a tab or a carriage
 * return) is written with a leading apostrophe, so that a partner's chosen name cannot become a
 * formula in an operator's spreadsheet (OWASP "CSV injection"). Numbers stay numbers: a negative
 * amount is not a formula.
 */
export function csvLine(fields: readonly (string | number | bigint | boolean | null | undefined)[]): string {
  return `${fields.map(csvField).join(',')}\r\n`;
}

const NUMBER = /^-?[0-9]+(\.[0-9]+)?$/;
const FORMULA = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

function csvField(value: string | number | bigint | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && FORMULA.test(text) && !NUMBER.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}
