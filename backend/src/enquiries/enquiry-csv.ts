/**
 * CSV for spreadsheets: RFC 4180 quoting, CRLF line ends, and no formulas. A cell that a
 * spreadsheet would read as a formula (= + - @, tab, CR) gets a leading single quote, so a
 * visitor's "=HYPERLINK(...)" stays text on the administrator's machine (OWASP CSV injection).
 * A phone number ("+91 98765 43210") is written as it is: a leading space (which this file
 * once used) is a character a spreadsheet keeps, so the number no longer matched when pasted
 * or looked up, and a quote mark would show. A cell passes as a phone number only when it
 * starts with "+" and holds nothing but digits and phone punctuation (at least six digits):
 * a spreadsheet that did read it as a formula could compute a number from it at most, with
 * no function, reference or link to run, which is the harm OWASP guards against.
 */
const FORMULA_START = /^[=+\-@\t\r]/;
const PHONE_NUMBER = /^\+?[\d\s().-]+$/;
const NEEDS_QUOTES = /[",\r\n]/;

/** Excel reads UTF-8 only with a byte-order mark; other tools ignore it. */
export const CSV_BOM = '\uFEFF';

export function csvCell(value: unknown): string {
  let text =
    value instanceof Date
      ? value.toISOString()
      : value === null || value === undefined
        ? ''
        : String(value);
  if (FORMULA_START.test(text)) {
    const phone =
      text.startsWith('+') && PHONE_NUMBER.test(text) && text.replace(/\D/g, '').length >= 6;
    if (!phone) text = `'${text}`;
  }
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** "2026-01-31 15:00:00": a time as the clocks in `timeZone` showed it, for people to read. */
export function localTime(date: Date, timeZone: string): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(date)
      .map(({ type, value }) => [type, value]),
  );
  return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute}:${parts.second}`;
}

export function csvRow(cells: readonly unknown[]): string {
  return `${cells.map(csvCell).join(',')}\r\n`;
}
