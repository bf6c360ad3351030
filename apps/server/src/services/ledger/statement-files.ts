// An owner's statement as files (issue 29): CSV for a spreadsheet and a PDF
// drawn with pdfkit (ADR 046), both from the same statement the API answers.
import { formatDollars, type OwnerStatement } from '@sas/domain';
import PDFDocument from 'pdfkit';

export const statementCsvColumns = [
  'Booking',
  'Home',
  'Check-in',
  'Check-out',
  'Gross rent',
  'Discounts',
  'Commission',
  'Cleaning',
  'Net payout',
] as const;

/** A spreadsheet must not run what a cell starts with (=, +, -, @). */
function safeCell(value: string): string {
  return /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
}

export function statementCsvRows(statement: OwnerStatement): string[][] {
  const money = (dollars: number) => dollars.toFixed(2);
  return [
    ...statement.lines.map((line) => [
      line.booking,
      safeCell(line.home),
      line.checkIn,
      line.checkOut,
      money(line.grossRent),
      money(line.discounts),
      money(line.commission),
      money(line.cleaning),
      money(line.netPayout),
    ]),
    ...statement.expenseLines.map((expense) => [
      'Expense',
      safeCell(expense.home),
      expense.date,
      '',
      safeCell(expense.memo),
      '',
      '',
      '',
      money(-expense.amount),
    ]),
    ['Expenses', '', '', '', '', '', '', '', money(-statement.expenses)],
    [
      'Total',
      '',
      '',
      '',
      money(statement.grossRent),
      money(statement.discounts),
      money(statement.commission),
      money(statement.cleaning),
      money(statement.netPayout),
    ],
    ...statement.payouts.map((payout) => [
      'Paid out',
      safeCell(payout.memo),
      payout.date,
      '',
      '',
      '',
      '',
      '',
      money(payout.amount),
    ]),
  ];
}

/** The statement as a one-or-more-page PDF (Letter), in the built-in Helvetica. */
export function statementPdf(statement: OwnerStatement, companyName: string): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'LETTER', margin: 54, info: { Title: `Owner statement ${statement.month}` } });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    doc.font('Helvetica-Bold').fontSize(18).text(companyName);
    doc.moveDown(0.3).font('Helvetica').fontSize(12).text(`Owner statement, ${statement.month}`);
    doc.text(`${statement.owner.name} - commission ${statement.commissionRate}% of rent after discounts`);
    doc.moveDown();

    const columns = [54, 130, 290, 360, 430, 500];
    const row = (cells: string[], bold = false) => {
      const y = doc.y;
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      cells.forEach((cell, index) => doc.text(cell, columns[index] ?? 54, y, { width: 70, lineBreak: false }));
      doc.moveDown(0.6);
      doc.x = 54;
    };
    row(['Booking', 'Home', 'Gross', 'Commission', 'Cleaning', 'Net'], true);
    for (const line of statement.lines) {
      row([
        line.booking,
        line.home.slice(0, 28),
        formatDollars(line.grossRent),
        formatDollars(line.commission),
        formatDollars(line.cleaning),
        formatDollars(line.netPayout),
      ]);
    }
    if (statement.lines.length === 0) row(['No stays this month.']);
    for (const expense of statement.expenseLines) {
      row([
        `Expense ${expense.date}`,
        expense.home.slice(0, 28),
        expense.memo.slice(0, 40),
        '',
        '',
        formatDollars(-expense.amount),
      ]);
    }
    doc.moveDown();

    const totals: [string, number][] = [
      ['Gross rent', statement.grossRent],
      ['Discounts', -statement.discounts],
      ['Commission', -statement.commission],
      ['Cleaning', -statement.cleaning],
      ['Expenses', -statement.expenses],
      ['Net payout', statement.netPayout],
    ];
    for (const [label, amount] of totals) row([label, '', '', '', '', formatDollars(amount)], label === 'Net payout');
    for (const payout of statement.payouts) row([`Paid ${payout.date}`, '', '', '', '', formatDollars(payout.amount)]);
    doc.moveDown();
    row(['Year to date', '', '', '', '', formatDollars(statement.yearToDate.netPayout)], true);
    doc.end();
  });
}
