import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { csvCell, csvLine } from '@/lib/admin/csv';

/** Reads one CSV line back as RFC 4180 defines it (the way a spreadsheet splits it into cells). */
function parseLine(line: string): string[] {
  const cells: string[] = [];
  let index = 0;
  for (;;) {
    let cell = '';
    if (line[index] === '"') {
      index++;
      for (;;) {
        const quote = line.indexOf('"', index);
        cell += line.slice(index, quote);
        index = quote + 1;
        if (line[index] !== '"') break;
        cell += '"';
        index++;
      }
    } else {
      const end = line.slice(index).search(/,|\r\n$/);
      cell = line.slice(index, index + end);
      index += end;
    }
    cells.push(cell);
    if (line.startsWith('\r\n', index)) return cells;
    expect(line[index]).toBe(',');
    index++;
  }
}

const FORMULA_START = ['=', '+', '-', '@', '\t', '\r'];

describe('the orders CSV', () => {
  it('reads back as the very cells written, with only formula starters prefixed by an apostrophe', () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: 'binary' }), { minLength: 1, maxLength: 6 }), (cells) => {
        const read = parseLine(csvLine(cells));
        expect(read).toEqual(cells.map((cell) => (FORMULA_START.includes(cell[0] ?? '') ? `'${cell}` : cell)));
      }),
      { numRuns: 500 },
    );
  });

  it('never lets a spreadsheet see a cell that starts a formula', () => {
    const dangerous = fc.tuple(fc.constantFrom(...FORMULA_START), fc.string()).map(([start, rest]) => start + rest);
    fc.assert(
      fc.property(dangerous, (value) => {
        const [cell] = parseLine(csvLine([value]));
        expect(FORMULA_START).not.toContain(cell![0]);
      }),
    );
  });

  it('escapes the classic payloads by name', () => {
    expect(csvCell('=HYPERLINK("http://evil.example","Click")')).toBe(`"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csvCell('+1 555 0100')).toBe("'+1 555 0100");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('12 St James Square, London')).toBe('"12 St James Square, London"');
    expect(csvCell('Ada Lovelace')).toBe('Ada Lovelace');
  });
});
