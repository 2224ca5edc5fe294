import { describe, expect, it } from 'vitest';
import {
  ANVISA_NUMBER_PATTERN,
  anvisaLine,
  HAZARD_CLASSES,
  hasSafetyData,
  isPdf,
  precheckSds,
  riskClassLabel,
  SDS_MAX_BYTES,
  SDS_MESSAGES,
  sdsDownloadName,
  sdsFileName,
  sdsKeyOf,
  sdsUrl,
  transportLine,
  UN_NUMBER_PATTERN,
  type ProductSafety,
} from './product-safety';

const NONE: ProductSafety = { anvisaKind: null, anvisaNumber: null, riskClass: null, safetyWarnings: null, firstAid: null, unNumber: null, hazardClass: null, sdsUrl: null };
const bytes = (text: string) => new TextEncoder().encode(text);

describe('a product’s safety as pages say it', () => {
  it('the ANVISA line names the kind and the number, or nothing without both', () => {
    expect(anvisaLine('notificado', '25351.000000/2026-00')).toBe('Produto notificado na ANVISA nº 25351.000000/2026-00');
    expect(anvisaLine('registrado', '3.0123.0001.001-5')).toBe('Produto registrado na ANVISA nº 3.0123.0001.001-5');
    expect(anvisaLine('notificado', null)).toBeNull();
    expect(anvisaLine(null, '25351.000000/2026-00')).toBeNull();
  });

  it('the transport line names the UN number and the hazard class, only for a dangerous good', () => {
    expect(transportLine('1170', '3')).toBe('ONU 1170 — Classe 3 (Líquido inflamável)');
    expect(transportLine('1791', '8')).toBe('ONU 1791 — Classe 8 (Substância corrosiva)');
    expect(transportLine('1170', null)).toBeNull();
    expect(transportLine(null, '3')).toBeNull();
    expect(transportLine('1170', '7')).toBeNull();
  });

  it('risk classes 1 and 2 have a label; anything else has none', () => {
    expect(riskClassLabel(1)).toBe('Risco 1 (menor risco)');
    expect(riskClassLabel(2)).toBe('Risco 2 (maior risco)');
    expect(riskClassLabel(3)).toBeNull();
    expect(riskClassLabel(null)).toBeNull();
  });

  it('a section shows when any safety datum is there', () => {
    expect(hasSafetyData(NONE)).toBe(false);
    expect(hasSafetyData({ ...NONE, anvisaKind: 'notificado' })).toBe(false);
    expect(hasSafetyData({ ...NONE, riskClass: 1 })).toBe(true);
    expect(hasSafetyData({ ...NONE, firstAid: 'Olhos: lave com água.' })).toBe(true);
    expect(hasSafetyData({ ...NONE, sdsUrl: '/uploads/fds/x-0123456789abcdef0123.pdf' })).toBe(true);
  });

  it('the patterns the database checks accept label numbers and refuse the rest', () => {
    const anvisa = new RegExp(ANVISA_NUMBER_PATTERN);
    expect(anvisa.test('25351.900001/2026-01')).toBe(true);
    expect(anvisa.test('3.0123.0001')).toBe(true);
    for (const bad of ['', 'ABC123', '1234', '.25351', '25351 900001', `1${'2'.repeat(30)}`]) expect(anvisa.test(bad), bad).toBe(false);
    const un = new RegExp(UN_NUMBER_PATTERN);
    expect(un.test('1170')).toBe(true);
    for (const bad of ['117', '11700', 'UN1170', '']) expect(un.test(bad), bad).toBe(false);
    expect(HAZARD_CLASSES).toContain('3');
    expect(HAZARD_CLASSES).toContain('8');
  });
});

describe('the FDS file', () => {
  it('is a PDF by its first bytes, whatever its name says', () => {
    expect(isPdf(bytes('%PDF-1.4\n...'))).toBe(true);
    expect(isPdf(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))).toBe(false);
    expect(isPdf(bytes('%PDF'))).toBe(false);
    expect(isPdf(bytes(' %PDF-1.4'))).toBe(false);
  });

  it('the browser’s pre-check refuses empty, oversized and non-PDF files', () => {
    const head = bytes('%PDF-');
    expect(precheckSds(0, head)).toBe(SDS_MESSAGES.missing);
    expect(precheckSds(SDS_MAX_BYTES + 1, head)).toBe(SDS_MESSAGES.tooBig);
    expect(precheckSds(100, bytes('GIF89'))).toBe(SDS_MESSAGES.notPdf);
    expect(precheckSds(SDS_MAX_BYTES, head)).toBeNull();
    expect(SDS_MESSAGES.tooBig).toBe('A FDS deve ter no máximo 5 MB.');
  });

  it('names: slug and content hash, a public key, a URL and the download name', () => {
    const hash = '0123456789abcdef0123456789abcdef';
    const name = sdsFileName('alcool-70', hash);
    expect(name).toBe('alcool-70-0123456789abcdef0123.pdf');
    expect(sdsKeyOf(name)).toBe('public/fds/alcool-70-0123456789abcdef0123.pdf');
    expect(sdsUrl(sdsKeyOf(name))).toBe('/uploads/fds/alcool-70-0123456789abcdef0123.pdf');
    expect(sdsDownloadName(name)).toBe('fds-alcool-70.pdf');
    expect(sdsDownloadName('/uploads/fds/alcool-70-0123456789abcdef0123.pdf')).toBe('fds-alcool-70.pdf');
    // A long slug is cut, never leaving a trailing hyphen; the key's segment stays under 128 characters.
    const long = sdsFileName(`${'a'.repeat(79)}-${'b'.repeat(60)}`, hash);
    expect(long).toBe(`${'a'.repeat(79)}-0123456789abcdef0123.pdf`);
    expect(sdsKeyOf(long)).not.toBeNull();
  });

  it('no other name is ever served: traversal, other extensions, upper case', () => {
    for (const bad of ['../x-0123456789abcdef0123.pdf', 'x-0123456789abcdef0123.PDF', 'x-0123456789abcdef012.pdf', 'x-0123456789abcdef0123.webp', '.x-0123456789abcdef0123.pdf', 'X-0123456789abcdef0123.pdf', 'a/b-0123456789abcdef0123.pdf']) {
      expect(sdsKeyOf(bad), bad).toBeNull();
    }
    expect(sdsUrl('public/0123456789abcdef0123-640.webp')).toBeNull();
    expect(sdsUrl('private/fds/x-0123456789abcdef0123.pdf')).toBeNull();
    expect(sdsUrl(null)).toBeNull();
  });
});
