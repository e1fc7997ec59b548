import iconv from 'iconv-lite';
import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { formulaSafeText, writeCsv } from './csv';
import { enrolleesCsv } from './modules/courses/enrollees.service';

describe('formula-safe CSV cells', () => {
  it('quotes text a spreadsheet would run as a formula, and leaves other text and numbers as they are', () => {
    for (const formula of ['=HYPERLINK("http://evil.example","x")', '+cmd|calc', '-2+3', '@SUM(A1:A9)', '\t=1', '\r=1']) expect(formulaSafeText(formula)).toBe(`'${formula}`);
    for (const plain of ['-3.5', '+12', '40.0', '0', '晟弘精密 = 光學', 'a=b', '']) expect(formulaSafeText(plain)).toBe(plain);
  });

  it('are written so by writeCsv in Big5 and UTF-8, numbers untouched', async () => {
    const rows = [['=1+1', -3.5, '-3.5', '點數']];
    for (const encoding of ['big5', 'utf8'] as const) {
      const chunks: Buffer[] = [];
      const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => done(void chunks.push(Buffer.from(chunk))) });
      await writeCsv(rows, { columns: ['a', 'b', 'c', 'd'], encoding }, sink);
      expect(iconv.decode(Buffer.concat(chunks), encoding).replace(/^\uFEFF/, '')).toBe("a,b,c,d\n'=1+1,-3.5,-3.5,點數\n");
    }
  });

  it('are written so in the course enrollees export', () => {
    const at = new Date('2026-12-03T01:00:00Z');
    const slot = { id: '00000000-0000-4000-8000-000000000001', courseId: '20261203', startTime: at, dueTime: at, endTime: at, seats: 15, enrolleeLimit: null, enrolled: 1, seatsLeft: 14, waitlisted: 0, status: 0 as const, enrollmentOpen: true };
    const list = { slot, courseName: 'AOI', waitlist: [], enrollees: [{ userId: '00000000-0000-4000-8000-000000000002', name: '@林志明', email: 'lin@example.com', companyName: '=HYPERLINK("http://evil.example","x")', enrolledAt: at, remindedAt: null }] };
    const text = iconv.decode(enrolleesCsv(list, 'utf-8'), 'utf8');
    expect(text).toContain(`,'@林志明,lin@example.com,"'=HYPERLINK(""http://evil.example"",""x"")",`);
  });
});
