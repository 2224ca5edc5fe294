import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema, resetPasswordSchema } from './auth';
import { fieldErrors } from './field-errors';

const valid = { name: 'Ana Souza', email: 'Ana@Exemplo.com.br ', password: 'segredo123', confirmPassword: 'segredo123', acceptTerms: 'on' };

describe('auth form schemas', () => {
  it('accepts a complete registration and normalises the e-mail', () => {
    const parsed = registerSchema.parse(valid);
    expect(parsed.email).toBe('ana@exemplo.com.br');
    expect(parsed.acceptTerms).toBe(true);
  });

  it('says the passwords do not match', () => {
    const r = registerSchema.safeParse({ ...valid, confirmPassword: 'outra-senha' });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!).confirmPassword).toBe('As senhas não coincidem.');
  });

  it('requires the terms box', () => {
    const { acceptTerms: _omit, ...rest } = valid;
    const r = registerSchema.safeParse(rest);
    expect(fieldErrors(r.error!).acceptTerms).toBe('Você deve aceitar os termos de uso.');
  });

  it('requires every field with a pt-BR message', () => {
    const r = registerSchema.safeParse({});
    const errors = fieldErrors(r.error!);
    expect(errors.name).toBe('Informe seu nome.');
    expect(errors.email).toBe('Informe seu e-mail.');
    expect(errors.password).toBe('Informe uma senha.');
    expect(errors.confirmPassword).toBe('Confirme sua senha.');
  });

  it('rejects a malformed e-mail and a short password', () => {
    const errors = fieldErrors(registerSchema.safeParse({ ...valid, email: 'ana@', password: '123', confirmPassword: '123' }).error!);
    expect(errors.email).toBe('Informe um e-mail válido.');
    expect(errors.password).toBe('A senha deve ter pelo menos 8 caracteres.');
  });

  it('login needs e-mail and password', () => {
    const errors = fieldErrors(loginSchema.safeParse({ email: '', password: '' }).error!);
    expect(errors).toMatchObject({ email: 'Informe seu e-mail.', password: 'Informe sua senha.' });
    expect(loginSchema.parse({ email: 'a@b.co', password: 'x' }).rememberMe).toBe(false);
  });

  it('reset needs a token and matching passwords', () => {
    const errors = fieldErrors(resetPasswordSchema.safeParse({ token: '', password: 'novasenha1', confirmPassword: 'x' }).error!);
    expect(errors.token).toBeDefined();
  });
});
