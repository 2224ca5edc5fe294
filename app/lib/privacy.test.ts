import { describe, expect, it } from 'vitest';
import { dataExportFileName } from './privacy';

describe('dataExportFileName', () => {
  it('names the file after the day', () => {
    expect(dataExportFileName('2026-11-24')).toBe('clarear-meus-dados-2026-11-24.json');
  });
  it('refuses anything but a date (it goes into a header)', () => {
    expect(() => dataExportFileName('2026-11-24"; x')).toThrow();
  });
});
