// The hand-written PDF of the seed's sample safety data sheets: a file readers open (header, objects where
// the cross-reference table says, pages counted), its text escaped and in WinAnsi, wrapped within the page.
import { describe, expect, it } from 'vitest';
import { isPdf } from '~/lib/product-safety';
import { safetySheetPdf, wrapText } from './sds-pdf.server';

const latin1 = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1');

function checkStructure(text: string) {
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)![1]);
  expect(text.slice(startxref, startxref + 4)).toBe('xref');
  const [, count] = /^xref\n0 (\d+)\n/.exec(text.slice(startxref))!;
  const entries = text.slice(startxref).split('\n').slice(3, 2 + Number(count));
  entries.forEach((entry, i) => {
    const offset = Number(entry.slice(0, 10));
    expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  for (const match of text.matchAll(/<< \/Length (\d+) >>\nstream\n/g)) {
    const start = match.index + match[0].length;
    expect(text.slice(start + Number(match[1]), start + Number(match[1]) + '\nendstream'.length)).toBe('\nendstream');
  }
}

describe('safetySheetPdf', () => {
  it('writes a PDF 1.4 whose cross-reference table and stream lengths are exact', () => {
    const pdf = safetySheetPdf({ title: 'Ficha de Dados de Segurança (FDS)', subtitle: 'Álcool 70%', notice: 'Exemplo.', sections: [{ title: '1. Identificação', text: 'Produto: Álcool 70%' }] });
    expect(isPdf(pdf)).toBe(true);
    const text = latin1(pdf);
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    checkStructure(text);
    expect(text).toContain('/Count 1');
    // "Á" is 0xC1 in WinAnsi, written as an octal escape; parentheses in the text are escaped.
    expect(text).toContain('(\\301lcool 70%) Tj');
    expect(text).toContain('(Ficha de Dados de Seguran\\347a \\(FDS\\)) Tj');
  });

  it('adds pages as the text needs and keeps every line within the margins', () => {
    const long = 'Olhos: lave imediatamente com água corrente por 15 minutos. '.repeat(200);
    const text = latin1(safetySheetPdf({ title: 'FDS', subtitle: 'Produto', notice: 'Exemplo.', sections: [{ title: 'Texto longo', text: long }] }));
    checkStructure(text);
    const pages = Number(/\/Count (\d+)/.exec(text)![1]);
    expect(pages).toBeGreaterThan(1);
    const ys = [...text.matchAll(/Tf 50 (-?[\d.]+) Td/g)].map((m) => Number(m[1]));
    expect(Math.min(...ys)).toBeGreaterThanOrEqual(50);
    expect(Math.max(...ys)).toBeLessThanOrEqual(842 - 50);
  });

  it('wraps at words within the width, and cuts a word longer than a line', () => {
    const lines = wrapText('uma duas três quatro cinco seis sete oito nove dez', 10, 100);
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.join(' ')).toBe('uma duas três quatro cinco seis sete oito nove dez');
    const cut = wrapText('x'.repeat(200), 10, 100);
    expect(cut.join('')).toBe('x'.repeat(200));
    expect(cut.every((l) => l.length <= 20)).toBe(true);
    expect(wrapText('a\n\nb', 10, 100)).toEqual(['a', '', 'b']);
  });
});
