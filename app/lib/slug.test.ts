import { describe, expect, it } from 'vitest';
import { slugify } from './slug';

describe('slugify', () => {
  it('makes readable URL parts', () => {
    expect(slugify('Limpeza Pesada')).toBe('limpeza-pesada');
    expect(slugify('Água Sanitária 2,5%')).toBe('agua-sanitaria-2-5');
    expect(slugify('  Uso Profissional ')).toBe('uso-profissional');
  });
});
