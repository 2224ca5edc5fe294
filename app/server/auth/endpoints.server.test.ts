import { describe, expect, it } from 'vitest';
import { authInputProblem, isAllowedAuthRequest, isPublicAuthRequest } from './endpoints.server';

const req = (method: string, path: string) => new Request(`http://localhost:3000${path}`, { method });

describe('which Better Auth requests may pass', () => {
  it('lets the outside reach only the confirmation link, by GET', () => {
    expect(isPublicAuthRequest(req('GET', '/api/auth/verify-email?token=abc'))).toBe(true);
    expect(isPublicAuthRequest(req('POST', '/api/auth/verify-email?token=abc'))).toBe(false);
    for (const path of ['/api/auth/sign-in/email', '/api/auth/admin/list-users', '/API/AUTH/verify-email', '/api/auth/verify-email/', '/api/auth/verify%2Demail']) {
      expect(isPublicAuthRequest(req('GET', path)), path).toBe(false);
    }
  });

  it('lets the actions call their five endpoints by POST, and nothing else', () => {
    for (const path of ['/sign-up/email', '/sign-in/email', '/sign-out', '/request-password-reset', '/reset-password']) {
      expect(isAllowedAuthRequest(req('POST', `/api/auth${path}`)), path).toBe(true);
      expect(isAllowedAuthRequest(req('GET', `/api/auth${path}`)), `GET ${path}`).toBe(false);
    }
    for (const path of ['/admin/impersonate-user', '/admin/set-user-password', '/update-user', '/get-session', '/sign-in/email/', '/Sign-in/email', '/sign-in%2Femail']) {
      expect(isAllowedAuthRequest(req('POST', `/api/auth${path}`)), path).toBe(false);
    }
  });
});

describe('what the endpoints may receive', () => {
  const signUp = { name: 'Ana Lima', email: 'ana@exemplo.com.br', password: 'senha-segura-1', callbackURL: '/login?verificado=1' };

  it('accepts what the forms send', () => {
    expect(authInputProblem('/sign-up/email', { body: signUp })).toBeNull();
    expect(authInputProblem('/sign-in/email', { body: { email: 'ana@exemplo.com.br', password: 'x', rememberMe: true } })).toBeNull();
    expect(authInputProblem('/sign-out', { body: {} })).toBeNull();
    expect(authInputProblem('/verify-email', { query: { token: 'abc', callbackURL: '/login?verificado=1' } })).toBeNull();
    // Better Auth's own server calls (the session guard) have no rule here.
    expect(authInputProblem('/get-session', { query: { disableCookieCache: true } })).toBeNull();
  });

  it('refuses, in pt-BR, what the forms would refuse and fields they never send', () => {
    expect(authInputProblem('/sign-up/email', { body: { ...signUp, name: 'a'.repeat(121) } })).toBe('O nome deve ter no máximo 120 caracteres.');
    expect(authInputProblem('/sign-up/email', { body: { ...signUp, email: `${'a'.repeat(250)}@x.com.br` } })).toBe('E-mail muito longo.');
    expect(authInputProblem('/sign-up/email', { body: { ...signUp, email: 'sem-arroba' } })).toBe('Informe um e-mail válido.');
    expect(authInputProblem('/sign-up/email', { body: { ...signUp, password: 'curta' } })).toMatch(/pelo menos 8/);
    expect(authInputProblem('/sign-up/email', { body: { ...signUp, role: 'admin', image: 'x' } })).toBe('Campo não permitido: role, image.');
    expect(authInputProblem('/sign-up/email', { body: { ...signUp, callbackURL: `/${'a'.repeat(3000)}` } })).toBe('Dados inválidos.');
    expect(authInputProblem('/sign-up/email', { body: undefined })).not.toBeNull();
    expect(authInputProblem('/reset-password', { body: { newPassword: 'senha-segura-1', token: 't'.repeat(600) } })).toBe('Dados inválidos.');
    expect(authInputProblem('/verify-email', { query: { token: 'abc', extra: '1' } })).toBe('Campo não permitido: extra.');
  });
});
