import { describe, expect, it } from 'vitest';
import { pageWindow } from './pagination';

describe('pageWindow', () => {
  it('gives the page, the number of pages and the offset', () => {
    expect(pageWindow(57, 2, 25)).toEqual({ page: 2, pageCount: 3, offset: 25 });
    expect(pageWindow(50, 2, 25)).toEqual({ page: 2, pageCount: 2, offset: 25 });
  });

  it('keeps the page inside the range, with one page for an empty list', () => {
    expect(pageWindow(57, 999, 25)).toEqual({ page: 3, pageCount: 3, offset: 50 });
    expect(pageWindow(57, 0, 25)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageWindow(57, Number.NaN, 25)).toEqual({ page: 1, pageCount: 3, offset: 0 });
    expect(pageWindow(57, 2.7, 25).page).toBe(2);
    expect(pageWindow(0, 3, 25)).toEqual({ page: 1, pageCount: 1, offset: 0 });
  });
});
