import { describe, expect, it } from 'vitest';
import { parseSndsCsv, sndsDay } from './snds-csv.ts';

// The reference's synthetic fixture rows (deliverability-and-billing.md 3.2): no header, CRLF.
const KEY_EXPORT = [
  '192.0.2.10,11/23/2025 12:00 AM,11/23/2025 11:59 PM,14129,14129,13025,GREEN,< 0.1%,,,0,mta1.example.net,bounce@example.net,',
  '192.0.2.11,11/23/2025 12:00 AM,11/23/2025 11:59 PM,47386,47386,47384,YELLOW,0.2%,11/23/2025 8:07 AM,11/23/2025 12:03 PM,3,mta2.example.net,bounce@example.net,',
].join('\r\n');

describe('SNDS data export (reference 3.2)', () => {
  it('S3-041 reads one row per IP and day: filter and message recipients, complaint rate and trap hits', () => {
    expect(parseSndsCsv(`${KEY_EXPORT}\r\n`)).toEqual({
      rows: [
        {
          ip: '192.0.2.10',
          day: '2025-11-23',
          filter: 'GREEN',
          msgRecipients: 13025,
          complaintRate: '< 0.1%',
          trapHits: 0,
        },
        {
          ip: '192.0.2.11',
          day: '2025-11-23',
          filter: 'YELLOW',
          msgRecipients: 47384,
          complaintRate: '0.2%',
          trapHits: 3,
        },
      ],
      skipped: 0,
    });
  });

  it('skips lines that are not an IP day (bad address, date or filter) instead of guessing', () => {
    const text = [
      'not-an-ip,11/23/2025 12:00 AM,11/23/2025 11:59 PM,1,1,1,GREEN,,,,0,,,',
      '192.0.2.12,11/23/2025 12:00 AM,13/45/2025 11:59 PM,1,1,1,GREEN,,,,0,,,',
      '192.0.2.13,11/23/2025 12:00 AM,11/23/2025 11:59 PM,1,1,1,BLUE,,,,0,,,',
    ].join('\n');
    expect(parseSndsCsv(text)).toEqual({ rows: [], skipped: 3 });
  });

  it('reads the newer export with a header by column name, quoted comments included (reference 3.4)', () => {
    const text = [
      'Ip Address,Activity period,RCPT commands,DATA commands,Message recipients,Filter result,Complaint rate,Trap message period,Trap hits,JMR P1 Sender,Comments',
      '198.51.100.7,11/22/2025 12:00 AM - 11/22/2025 11:59 PM,900,900,880,RED,0.5%,,12,x@example.net,"complaints, many"',
    ].join('\n');
    expect(parseSndsCsv(text).rows).toEqual([
      { ip: '198.51.100.7', day: '2025-11-22', filter: 'RED', msgRecipients: 880, complaintRate: '0.5%', trapHits: 12 },
    ]);
  });

  it('dates are M/D/YYYY', () => {
    expect(sndsDay('1/2/2026 9:00 PM')).toBe('2026-01-02');
    expect(sndsDay('2026-01-02')).toBeNull();
  });
});
