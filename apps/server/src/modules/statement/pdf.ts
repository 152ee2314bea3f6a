import { formatMinor, lineView, type TCurrency, type TLanguage, type TTransaction } from '@portal/contracts';
import { serverText, type TServerTextKey } from '../../lib/i18n';
import { createPdf, finishPdf } from '../../lib/pdf';

/** A partner as their statement names them (the accounts module's user row has these). */
export type TStatementPartner = {
  id: number;
  firstName: string;
  lastName: string;
  username: string | null;
  email: string;
  language: string;
};

/** One month of a partner's statement in one currency, as its PDF shows it (service.ts computes it). */
export type TMonthlyStatement = {
  partner: TStatementPartner;
  /** YYYY-MM. */
  month: string;
  currency: TCurrency;
  /** The month's first instant and the next month's (UTC). */
  from: Date;
  to: Date;
  /** Minor units: the balance at `from`, what came in (>= 0), what went out (<= 0), the balance at `to`. */
  opening: bigint;
  totalIn: bigint;
  totalOut: bigint;
  closing: bigint;
  /** In time order, each with the balance after it. */
  movements: { line: TTransaction; amount: bigint; balance: bigint }[];
  /** The month has not ended yet. */
  unfinished: boolean;
};

const DAY_MS = 24 * 3600 * 1000;
const day = (date: Date) => date.toISOString().slice(0, 10);
/** A line's time as the statement prints it: 2026-11-05 14:03 (UTC, as the header says). */
const minute = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)}`;

/** The table's columns: the date and the description on the left, the amounts right-aligned. */
const COLUMNS = { date: 78, amount: 96, balance: 96, gap: 8 };
const TABLE_SIZE = 8.5;

/**
 * The statement as a PDF in `language`: every word from the server catalogue (`statement.*`),
 * amounts with all the currency's places. Deterministic: its dates are the month's end, so the same
 * month gives the same bytes.
 */
export function renderStatementPdf(statement: TMonthlyStatement, language: TLanguage): Promise<Buffer> {
  const text = (key: TServerTextKey, values?: Record<string, string>) => serverText(language, key, values);
  const { partner, month, currency } = statement;
  const title = text('statement.title');
  const name = `${partner.firstName} ${partner.lastName}`.trim();
  const pdf = createPdf({
    language,
    title: `${title} ${currency} ${month}`,
    subject: `${name} (ID ${partner.id})`,
    date: statement.to,
  });
  const { doc, width } = pdf;
  const left = doc.page.margins.left;
  const money = (amount: bigint) => `${formatMinor(amount, currency)} ${currency}`;
  /** A movement's amount: money in with its plus sign. */
  const signed = (amount: bigint) => `${amount > 0n ? '+' : ''}${formatMinor(amount, currency)}`;
  const lastDay = new Date(statement.to.getTime() - DAY_MS);

  doc.font('bold').fontSize(18).text(title, { width });
  doc.moveDown(0.6);
  const facts: [string, string][] = [
    [text('statement.partner'), partner.username ? `${name} (${partner.username})` : name],
    [text('statement.email'), partner.email],
    [text('statement.partnerId'), String(partner.id)],
    [
      text('statement.month'),
      `${month} (${text('statement.period', { from: day(statement.from), to: day(lastDay) })})`,
    ],
    [text('statement.currency'), currency],
  ];
  doc.fontSize(10);
  for (const [label, value] of facts) {
    const top = doc.y;
    doc.font('regular').fillColor('#555555').text(label, left, top, { width: 110 });
    const below = doc.y;
    doc.fillColor('#000000').text(value, left + 116, top, { width: width - 116 });
    doc.y = Math.max(below, doc.y);
  }
  doc.moveDown(1);

  /** A label on the left and an amount on the right of one line. */
  const total = (label: string, amount: string, font: 'regular' | 'bold') => {
    if (doc.y + doc.currentLineHeight(true) * 2 > doc.page.maxY()) doc.addPage();
    const top = doc.y;
    doc.font(font).text(label, left, top, { width: width - 170 });
    const below = doc.y;
    doc.text(amount, left + width - 166, top, { width: 166, align: 'right' });
    doc.y = Math.max(below, doc.y);
    doc.x = left;
  };
  doc.fontSize(11);
  total(text('statement.opening', { date: day(statement.from) }), money(statement.opening), 'bold');
  doc.moveDown(0.6);

  const description = COLUMNS.date + COLUMNS.gap;
  const descriptionWidth = width - description - COLUMNS.amount - COLUMNS.balance - 2 * COLUMNS.gap;
  const amountAt = width - COLUMNS.balance - COLUMNS.gap - COLUMNS.amount;
  const balanceAt = width - COLUMNS.balance;
  /** One row of the table; a row that would cross the page's foot starts a new page, headed again. */
  const row = (cells: [string, string, string, string], font: 'regular' | 'bold') => {
    doc.font(font).fontSize(TABLE_SIZE);
    const height = Math.max(
      doc.heightOfString(cells[1], { width: descriptionWidth }),
      doc.currentLineHeight(true),
    );
    if (doc.y + height + 4 > doc.page.maxY()) {
      doc.addPage();
      if (font === 'regular') header();
      doc.font(font).fontSize(TABLE_SIZE);
    }
    const top = doc.y;
    doc.text(cells[0], left, top, { width: COLUMNS.date });
    doc.text(cells[1], left + description, top, { width: descriptionWidth });
    doc.text(cells[2], left + amountAt, top, { width: COLUMNS.amount, align: 'right' });
    doc.text(cells[3], left + balanceAt, top, { width: COLUMNS.balance, align: 'right' });
    doc.x = left;
    doc.y = top + height + 4;
  };
  const header = () => {
    row(
      [
        text('statement.columns.date'),
        text('statement.columns.description'),
        text('statement.columns.amount'),
        text('statement.columns.balance'),
      ],
      'bold',
    );
    doc
      .moveTo(left, doc.y - 2)
      .lineTo(left + width, doc.y - 2)
      .lineWidth(0.5)
      .strokeColor('#999999')
      .stroke();
    doc.y += 2;
  };
  header();
  for (const { line, amount, balance } of statement.movements) {
    row(
      [minute(line.date), describeLine(line, text), signed(amount), formatMinor(balance, currency)],
      'regular',
    );
  }
  if (statement.movements.length === 0) {
    doc
      .font('regular')
      .fontSize(10)
      .fillColor('#555555')
      .text(text('statement.none'), left, doc.y, { width });
    doc.fillColor('#000000');
  }
  doc.moveDown(1).fontSize(10);
  total(text('statement.totalIn'), `${signed(statement.totalIn)} ${currency}`, 'regular');
  total(text('statement.totalOut'), money(statement.totalOut), 'regular');
  doc.moveDown(0.4).fontSize(11);
  total(text('statement.closing', { date: day(lastDay) }), money(statement.closing), 'bold');

  doc.moveDown(1.2).font('regular').fontSize(8).fillColor('#555555');
  const notes = [
    ...(statement.unfinished ? [text('statement.unfinished')] : []),
    text('statement.note'),
    ...(currency === 'USDT' ? [] : [text(`statement.holds.${currency}`)]),
  ];
  for (const note of notes) doc.text(note, left, doc.y, { width, paragraphGap: 3 });
  return finishPdf(pdf, (page, count) => `${title} ${currency} ${month} · ${page} / ${count}`);
}

/**
 * A line as the Transactions screen names it (`lineView`): its kind, or the reversed bonus, or
 * the repaid debt; then the bonus type, a card, a withdrawal's status.
 */
function describeLine(
  line: TTransaction,
  text: (key: TServerTextKey, values?: Record<string, string>) => string,
) {
  const view = lineView(line);
  const bonus = line.bonus_type
    ? text(`statement.bonus.${line.bonus_type}`)
    : text('statement.operation.bonus');
  if (view.reversal) return text('statement.reversal', { bonus });
  if (view.repayment) return text('statement.repayment');
  const parts = [text(`statement.operation.${line.operation_type}`)];
  if (line.bonus_type) parts.push(bonus);
  if (view.card) parts.push(text('statement.card'));
  if (
    line.operation_type === 'withdrawal' &&
    (line.status === 'pending' || line.status === 'approved' || line.status === 'sent')
  )
    parts.push(text(`statement.status.${line.status}`));
  return parts.join(' · ');
}
