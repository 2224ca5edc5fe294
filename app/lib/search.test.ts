import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, MAX_SEARCH_LENGTH, normalizeSearchTerm } from './search';

describe('search terms', () => {
  it('trims and collapses spaces', () => {
    expect(normalizeSearchTerm('  água   sanitária ')).toBe('água sanitária');
    expect(normalizeSearchTerm(null)).toBe('');
    expect(normalizeSearchTerm('   ')).toBe('');
  });
  it('drops control characters such as the NUL byte PostgreSQL refuses', () => {
    expect(normalizeSearchTerm('deter\u0000gente\n')).toBe('deter gente');
  });
  it('caps very long input', () => {
    expect(normalizeSearchTerm('a'.repeat(10_000))).toHaveLength(MAX_SEARCH_LENGTH);
  });
  it('makes LIKE wildcards literal', () => {
    expect(escapeLike('50% off_now\\')).toBe('50\\% off\\_now\\\\');
    expect(containsPattern('%')).toBe('%\\%%');
  });
});
