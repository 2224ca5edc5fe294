import { describe, expect, it } from 'vitest';
import { firstNameOr } from './user-name';

describe('first-name greeting', () => {
  it('takes the first word of the name', () => {
    expect(firstNameOr('Maria Aparecida Souza', 'Cliente')).toBe('Maria');
    expect(firstNameOr('  Joana  ', 'Conta')).toBe('Joana');
  });
  it('falls back when there is no name', () => {
    expect(firstNameOr('', 'Cliente')).toBe('Cliente');
    expect(firstNameOr('   ', 'Conta')).toBe('Conta');
    expect(firstNameOr(null, 'Cliente')).toBe('Cliente');
    expect(firstNameOr(undefined, 'Conta')).toBe('Conta');
  });
});
