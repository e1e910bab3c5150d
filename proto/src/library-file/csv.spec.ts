import { describe, expect, it } from 'vitest';
import { parseCsv, toCsv } from './csv';

describe('CSV', () => {
  it('quotes what needs quoting and reads back exactly what it wrote', () => {
    const rows = [
      ['title', 'content'],
      ['Plain', 'One line'],
      ['Comma, quote "x"', 'Two\nlines\r\nand CRLF'],
      ['', 'empty first field'],
      ['ünïcödé 名前', '  spaces kept  '],
    ];
    const text = toCsv(rows);
    expect(text).toContain('"Comma, quote ""x"""');
    expect(parseCsv(text)).toEqual(rows);
  });

  it('reads LF rows, a byte order mark and a last row without a line break', () => {
    expect(
      parseCsv('\uFEFFact,prompt\nLinux Terminal,"I want you to act as a terminal."\nPoet,Write'),
    ).toEqual([
      ['act', 'prompt'],
      ['Linux Terminal', 'I want you to act as a terminal.'],
      ['Poet', 'Write'],
    ]);
  });

  it('skips blank lines and keeps empty fields', () => {
    expect(parseCsv('a,b\n\n1,\n,2\n')).toEqual([
      ['a', 'b'],
      ['1', ''],
      ['', '2'],
    ]);
  });

  it('keeps a quote inside an unquoted field as text', () => {
    expect(parseCsv('a,b\n5" screen,x\n')).toEqual([
      ['a', 'b'],
      ['5" screen', 'x'],
    ]);
  });

  it('refuses a quote left open, naming its line', () => {
    expect(() => parseCsv('a,b\n1,"never\nclosed\n')).toThrow('line 2');
  });
});
