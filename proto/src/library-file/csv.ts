/**
 * CSV as RFC 4180 writes it: fields separated by commas, rows by CRLF, a field holding a comma, a
 * quote or a line break quoted with its quotes doubled. The reader also takes LF rows, a byte order
 * mark and a last row without a line break, as spreadsheets write them.
 */
export function toCsv(rows: string[][]): string {
  return rows.map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}

function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

/** The rows of a CSV text; throws on a quote left open, naming the line it opened on. */
export function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  let line = 1;
  let rowHasContent = false;
  const endField = () => {
    row.push(field);
    field = '';
  };
  const endRow = () => {
    endField();
    if (rowHasContent || row.length > 1 || row[0] !== '') rows.push(row);
    row = [];
    rowHasContent = false;
  };
  while (index < text.length) {
    const char = text[index]!;
    // A quote opens a quoted field only at the start of a field; elsewhere it is text.
    if (char === '"' && field === '') {
      const opened = line;
      index += 1;
      for (;;) {
        if (index >= text.length) throw new Error(`A quoted field opened on line ${opened} is never closed.`);
        const next = text[index]!;
        if (next === '"') {
          if (text[index + 1] === '"') {
            field += '"';
            index += 2;
            continue;
          }
          index += 1;
          break;
        }
        if (next === '\n') line += 1;
        field += next;
        index += 1;
      }
      rowHasContent = true;
      continue;
    }
    if (char === ',') {
      endField();
      rowHasContent = true;
    } else if (char === '\r' || char === '\n') {
      endRow();
      if (char === '\r' && text[index + 1] === '\n') index += 1;
      line += 1;
    } else {
      field += char;
      rowHasContent = true;
    }
    index += 1;
  }
  if (field !== '' || row.length > 0 || rowHasContent) endRow();
  return rows;
}
