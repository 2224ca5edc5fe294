// A small, valid PDF 1.4 written by hand: the seed's sample safety data sheets (FDS). Text only, in the
// standard Helvetica fonts (every reader has them, nothing embedded) with WinAnsiEncoding, which covers
// Portuguese; lines wrapped by an estimate of Helvetica's widths, pages added as the text needs.
// No PDF library: a few objects and a cross-reference table are all a text sheet needs.

export type SheetSection = { title: string; text: string };
export type SheetContent = { title: string; subtitle: string; notice: string; sections: SheetSection[] };

const PAGE = { width: 595, height: 842, margin: 50 } as const; // A4 in points
const BODY_SIZE = 10;
const LEADING = 14;

const NARROW = new Set("il.,;:'!|()- ");
const WIDE = new Set('mwMW@%');

/** Helvetica's advance (em fraction) by kind of character, a safe overestimate for wrapping. */
function charWidth(ch: string, size: number): number {
  if (NARROW.has(ch)) return 0.3 * size;
  if (WIDE.has(ch)) return 0.85 * size;
  // Capitals, accented ones included (À–Þ), are wider than lower case.
  const code = ch.charCodeAt(0);
  if ((code >= 65 && code <= 90) || (code >= 0xc0 && code <= 0xde)) return 0.68 * size;
  return 0.56 * size;
}

/** Splits a paragraph into lines that fit `width` points at `size`; a word longer than a line is cut. */
export function wrapText(text: string, size: number, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    let lineWidth = 0;
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const wordWidth = [...word].reduce((sum, ch) => sum + charWidth(ch, size), 0);
      const space = line ? charWidth(' ', size) : 0;
      if (line && lineWidth + space + wordWidth > width) {
        lines.push(line);
        line = '';
        lineWidth = 0;
      }
      if (!line && wordWidth > width) {
        // A single overlong token (a URL): cut it by characters.
        let chunk = '';
        let chunkWidth = 0;
        for (const ch of word) {
          if (chunkWidth + charWidth(ch, size) > width) {
            lines.push(chunk);
            chunk = '';
            chunkWidth = 0;
          }
          chunk += ch;
          chunkWidth += charWidth(ch, size);
        }
        line = chunk;
        lineWidth = chunkWidth;
        continue;
      }
      line = line ? `${line} ${word}` : word;
      lineWidth += space + wordWidth;
    }
    lines.push(line);
  }
  return lines;
}

/** WinAnsiEncoding: Latin-1 plus the typographic marks at 0x80–0x9F; anything else becomes '?'. */
const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

function winAnsi(text: string): number[] {
  return [...text.normalize('NFC')].map((ch) => {
    const code = ch.codePointAt(0)!;
    if ((code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff)) return code;
    return WIN_ANSI_EXTRA[ch] ?? 0x3f;
  });
}

/** A PDF literal string in WinAnsi bytes: parentheses and backslashes escaped, high bytes as octal. */
function pdfString(text: string): string {
  return `(${winAnsi(text)
    .map((b) => (b === 0x28 || b === 0x29 || b === 0x5c ? `\\${String.fromCharCode(b)}` : b > 0x7e ? `\\${b.toString(8).padStart(3, '0')}` : String.fromCharCode(b)))
    .join('')})`;
}

/** A text string for the document information (title): UTF-16BE with its byte order mark, in hex. */
function pdfTextString(text: string): string {
  let hex = 'FEFF';
  for (let i = 0; i < text.length; i++) hex += text.charCodeAt(i).toString(16).padStart(4, '0').toUpperCase();
  return `<${hex}>`;
}

type Line = { font: 'F1' | 'F2'; size: number; text: string; gapBefore: number };

function layout(content: SheetContent): Line[] {
  const width = PAGE.width - 2 * PAGE.margin;
  const lines: Line[] = [];
  const add = (font: Line['font'], size: number, text: string, gapBefore = 0) =>
    wrapText(text, size, width).forEach((t, i) => lines.push({ font, size, text: t, gapBefore: i === 0 ? gapBefore : 0 }));
  add('F2', 15, content.title);
  add('F2', 12, content.subtitle, 6);
  add('F1', 9, content.notice, 8);
  for (const section of content.sections) {
    add('F2', 11, section.title, 14);
    add('F1', BODY_SIZE, section.text, 4);
  }
  return lines;
}

/** The page content streams: lines placed top-down, a new page when the next one would cross the bottom margin. */
function pages(lines: Line[]): string[] {
  const streams: string[] = [];
  let ops: string[] = [];
  let y = PAGE.height - PAGE.margin;
  for (const line of lines) {
    const height = line.gapBefore + Math.max(LEADING, line.size * 1.3);
    if (y - height < PAGE.margin && ops.length) {
      streams.push(ops.join('\n'));
      ops = [];
      y = PAGE.height - PAGE.margin;
    }
    y -= height;
    if (line.text) ops.push(`BT /${line.font} ${line.size} Tf ${PAGE.margin} ${y.toFixed(1)} Td ${pdfString(line.text)} Tj ET`);
  }
  streams.push(ops.join('\n'));
  return streams;
}

/** The sheet as the bytes of a PDF 1.4 file. */
export function safetySheetPdf(content: SheetContent): Uint8Array {
  const streams = pages(layout(content));
  // Objects: 1 catalog, 2 page tree, 3–4 fonts, 5 info, then a page and its content stream per page.
  const pageIds = streams.map((_, i) => 6 + 2 * i);
  const objects: string[] = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${pageIds.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfTextString(`${content.title}: ${content.subtitle}`)} /Producer (Clarear) >>`,
  ];
  for (const [i, stream] of streams.entries()) {
    objects.push(
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`,
    );
    // The stream is ASCII (high bytes are octal escapes), so its length in characters is its length in bytes.
    objects.push(`<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`);
  }
  // The header's second line, with bytes above 127, tells transfer tools the file is binary.
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 5 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  // Every character is below 256 (latin1 is one byte each), so offsets counted in characters are byte offsets.
  return new Uint8Array(Buffer.from(body, 'latin1'));
}
