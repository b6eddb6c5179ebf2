import { csvCell, csvRow, localTime } from './enquiry-csv';

describe('csvCell', () => {
  it('leaves plain text as it is and writes nothing for null or undefined', () => {
    expect(csvCell('Asha')).toBe('Asha');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(new Date('2026-01-31T09:30:00Z'))).toBe('2026-01-31T09:30:00.000Z');
  });

  it('quotes commas, quotes and line breaks, doubling the quotes (RFC 4180)', () => {
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('one\r\ntwo')).toBe('"one\r\ntwo"');
    expect(csvCell('one\ntwo')).toBe('"one\ntwo"');
  });

  it.each(['=1+2', '+1-2', '-2', '@SUM(A1)', '\tcmd', '\rcmd', '+91 98765 =cmd'])(
    'makes %j text rather than a formula',
    (value) => {
      expect(csvCell(value).replace(/^"/, '').startsWith(`'${value[0]}`)).toBe(true);
    },
  );

  it('writes a phone number as it is: no leading space, no visible quote mark', () => {
    expect(csvCell('+91 98765 43210')).toBe('+91 98765 43210');
    expect(csvCell('+44 (20) 7946-0018')).toBe('+44 (20) 7946-0018');
    expect(csvCell('98765 43210')).toBe('98765 43210');
    // Only a number that starts with + passes; a short or dashed one is still quoted.
    expect(csvCell('-98765-43210')).toBe("'-98765-43210");
    expect(csvCell('+1-2')).toBe("'+1-2");
  });

  it('neutralises and quotes a formula with a comma in one go', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","x")')).toBe(
      '"\'=HYPERLINK(""http://evil.example"",""x"")"',
    );
  });
});

describe('localTime', () => {
  it('writes a time as the clocks of the zone showed it', () => {
    const date = new Date('2026-01-31T20:45:10Z');
    expect(localTime(date, 'Asia/Kolkata')).toBe('2026-02-01 02:15:10');
    expect(localTime(date, 'UTC')).toBe('2026-01-31 20:45:10');
  });
});

describe('csvRow', () => {
  it('joins cells with commas and ends the line with CRLF', () => {
    expect(csvRow(['a', 'b,c', null])).toBe('a,"b,c",\r\n');
  });
});
