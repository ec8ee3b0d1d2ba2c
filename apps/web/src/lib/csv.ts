/**
 * CSV of rows (RFC 4180: CRLF, fields quoted when needed), as the back office's ui/csv.ts writes it
 * (web cannot import back-office code). A cell that a spreadsheet would run as a formula (= + - @
 * tab CR first) is prefixed with ' (CSV injection).
 */
export function toCsv(headers: string[], rows: (string | number | null)[][]): string {
  const field = (value: string | number | null): string => {
    if (value === null) return '';
    let text = String(value);
    if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
    return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
  };
  return [headers, ...rows].map((r) => r.map(field).join(',')).join('\r\n') + '\r\n';
}

/** Hands the CSV to the browser as a download (a BOM so spreadsheets read UTF-8). */
export function downloadCsv(name: string, csv: string): void {
  const url = URL.createObjectURL(new Blob(['\ufeff', csv], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
