import { describe, expect, it } from 'vitest';
import {
  confirmationEmail,
  confirmationUrl,
  duplicateSignUpEmail,
  passwordResetEmail,
  type DuplicateSignUp,
} from './emails.server';

const PUBLIC_URL = 'https://loja.clarear.com.br';
const links = (text: string) => text.match(/https?:\/\/\S+/g) ?? [];

const owner = { name: 'Ana Beatriz Lopes', email: 'ana@exemplo.com.br', createdAt: new Date('2026-03-01T13:05:00Z') };
// 02:59 UTC on 10 May is still 9 May, 23:59, in São Paulo.
const attemptedAt = new Date('2026-05-10T02:59:00Z');

describe('confirmation and reset e-mails', () => {
  it('keeps the confirmation e-mail: subject, greeting, the link Better Auth built', () => {
    const url = `${PUBLIC_URL}/api/auth/verify-email?token=abc&callbackURL=%2Flogin%3Fverificado%3D1`;
    expect(confirmationEmail({ name: 'Eva Mendes', email: 'eva@exemplo.com.br' }, url)).toEqual({
      to: 'eva@exemplo.com.br',
      subject: 'Clarear: confirme seu e-mail',
      text: `Olá, Eva Mendes!\n\nBem-vindo(a) à Clarear. Confirme seu e-mail para entrar na sua conta:\n${url}\n\nSe você não criou esta conta, ignore este e-mail.`,
    });
  });

  it('keeps the reset e-mail, its link on the public URL with the token encoded', () => {
    const mail = passwordResetEmail({ name: 'Rafael Costa', email: 'rafael@exemplo.com.br' }, 'a+b/c', PUBLIC_URL);
    expect(mail.to).toBe('rafael@exemplo.com.br');
    expect(mail.subject).toBe('Clarear: redefinição de senha');
    expect(mail.text).toMatch(/^Olá, Rafael Costa!\n/);
    expect(links(mail.text)).toEqual([`${PUBLIC_URL}/redefinir-senha?token=a%2Bb%2Fc`]);
    expect(mail.text).toContain('válido por 1 hora');
    expect(mail.text).toContain('Se não foi você, ignore este e-mail; sua senha continua a mesma.');
  });

  it('builds a confirmation link on the public URL that lands on /login?verificado=1', () => {
    const url = new URL(confirmationUrl(PUBLIC_URL, 'x.y+z'));
    expect(url.origin + url.pathname).toBe(`${PUBLIC_URL}/api/auth/verify-email`);
    expect(url.searchParams.get('token')).toBe('x.y+z');
    expect(url.searchParams.get('callbackURL')).toBe('/login?verificado=1');
  });
});

describe('someone tried to sign up with an existing account’s e-mail', () => {
  const confirmed: DuplicateSignUp = { account: owner, attemptedAt, publicUrl: PUBLIC_URL, confirmationUrl: null };

  it('goes to the account’s address, greets it by the account’s name, in pt-BR', () => {
    const mail = duplicateSignUpEmail(confirmed);
    expect(mail.to).toBe('ana@exemplo.com.br');
    expect(mail.subject).toBe('Clarear: tentativa de cadastro com seu e-mail');
    expect(mail.text.split('\n')[0]).toBe('Olá, Ana Beatriz Lopes!');
    expect(mail.text).toContain('Alguém tentou criar uma conta na Clarear com este e-mail (ana@exemplo.com.br)');
  });

  it('says when, in São Paulo time', () => {
    const { text } = duplicateSignUpEmail(confirmed);
    expect(text).toContain('em 09/05/2026 23:59 (horário de Brasília)');
    expect(text).not.toContain('10/05/2026');
  });

  it('if it was you: sign in or choose a new password, on the public URL; if not: ignore it, nothing changed', () => {
    const { text } = duplicateSignUpEmail(confirmed);
    expect(links(text)).toEqual([`${PUBLIC_URL}/login`, `${PUBLIC_URL}/esqueci-senha`]);
    expect(text).toContain('Se foi você: você já tem uma conta com este e-mail, e a senha digitada agora não foi salva.');
    expect(text).toContain(`Entre com sua senha em: ${PUBLIC_URL}/login`);
    expect(text).toContain(`escolha uma nova senha em: ${PUBLIC_URL}/esqueci-senha`);
    expect(text.trimEnd().split('\n').at(-1)).toBe('Se não foi você, ignore este e-mail: nada mudou na sua conta, e sua senha continua a mesma.');
    // A confirmed account gets no confirmation link.
    expect(text).not.toContain('verify-email');
  });

  it('follows the configured public URL, whatever it is', () => {
    const { text } = duplicateSignUpEmail({ ...confirmed, publicUrl: 'http://localhost:3222' });
    expect(links(text)).toEqual(['http://localhost:3222/login', 'http://localhost:3222/esqueci-senha']);
  });

  it('cannot carry what was typed in the attempt: no password, no typed name', () => {
    const typed = { name: 'Nome Digitado', password: 'senha-tentada-987' };
    const mail = duplicateSignUpEmail({
      // @ts-expect-error the template takes no password: nothing typed in the attempt can reach it
      account: { ...owner, password: typed.password },
      attemptedAt,
      publicUrl: PUBLIC_URL,
      confirmationUrl: null,
    });
    expect(JSON.stringify(mail)).not.toContain(typed.password);
    expect(JSON.stringify(mail)).not.toContain(typed.name);
  });

  it('for an account never confirmed: a fresh confirmation link, with the date of that sign-up and a safe way out', () => {
    const confirm = confirmationUrl(PUBLIC_URL, 'token-novo');
    const { text, subject } = duplicateSignUpEmail({ ...confirmed, confirmationUrl: confirm });
    expect(subject).toBe('Clarear: tentativa de cadastro com seu e-mail');
    expect(links(text)).toEqual([confirm, `${PUBLIC_URL}/login`, `${PUBLIC_URL}/esqueci-senha`]);
    // 13:05 UTC is 10:05 in São Paulo.
    expect(text).toContain('já existe um cadastro com este e-mail, feito em 01/03/2026 10:05, que ainda não foi confirmado');
    expect(text).toContain('A senha digitada agora não foi salva.');
    expect(text).toContain('Confirme seu e-mail (link válido por 1 hora):');
    // Whoever made that sign-up chose its password: the owner who did not is told to reset, not to confirm.
    expect(text).toContain(`Não lembra dela, ou não foi você que fez aquele cadastro? Não use o link acima: escolha uma nova senha em ${PUBLIC_URL}/esqueci-senha`);
    expect(text.trimEnd().split('\n').at(-1)).toBe('Se não foi você, ignore este e-mail: nada mudou no cadastro.');
  });
});
