import { describe, expect, it } from 'vitest';
import { accountDeletionSchema } from './account-deletion';

describe('accountDeletionSchema', () => {
  it('takes the password as typed and EXCLUIR in any case, with spaces around', () => {
    expect(accountDeletionSchema.parse({ password: ' senha com espaço ', confirmation: ' excluir ' })).toEqual({ password: ' senha com espaço ', confirmation: 'EXCLUIR' });
  });

  it('refuses a missing password, another word and a password longer than sign-up allows, in pt-BR', () => {
    const errors = (input: Record<string, string>) => accountDeletionSchema.safeParse(input).error?.issues.map((i) => i.message);
    expect(errors({ password: '', confirmation: 'EXCLUIR' })).toEqual(['Informe sua senha.']);
    expect(errors({ password: 'x', confirmation: 'sim' })).toEqual(['Digite EXCLUIR para confirmar.']);
    expect(errors({ password: 'x'.repeat(129), confirmation: 'EXCLUIR' })).toEqual(['A senha deve ter no máximo 128 caracteres.']);
    expect(errors({})).toEqual(['Informe sua senha.', 'Digite EXCLUIR para confirmar.']);
  });
});
