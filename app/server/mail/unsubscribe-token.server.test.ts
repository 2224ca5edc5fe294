import { describe, expect, it } from 'vitest';
import { signUnsubscribeToken, unsubscribeKey, verifyUnsubscribeToken } from './unsubscribe-token.server';

const key = unsubscribeKey('um-segredo-de-teste-com-mais-de-32-caracteres');
const newsletter = { list: 'newsletter', subject: '7d1f0a52-3c1e-4f7a-9a55-0c7f2b8f1e21' } as const;
const notifications = { list: 'notifications', subject: 'Xy9kQ2abcDEF0123456789ghIJklMNop' } as const;

/** The token with its payload part replaced by `payload`, keeping the signature. */
function withPayload(token: string, payload: string): string {
  return `${Buffer.from(payload).toString('base64url')}.${token.split('.')[1]}`;
}

describe('unsubscribe token', () => {
  it('round trips the list and the subject, URL-safe', () => {
    for (const s of [newsletter, notifications]) {
      const token = signUnsubscribeToken(key, s);
      expect(token).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]{43}$/);
      expect(verifyUnsubscribeToken(key, token)).toEqual(s);
    }
  });

  it('is the same token for the same list and subject (no state, no expiry)', () => {
    expect(signUnsubscribeToken(key, newsletter)).toBe(signUnsubscribeToken(key, newsletter));
    expect(signUnsubscribeToken(key, newsletter)).not.toBe(signUnsubscribeToken(key, { ...newsletter, list: 'notifications' }));
  });

  it('refuses an altered list or subject', () => {
    const token = signUnsubscribeToken(key, newsletter);
    expect(verifyUnsubscribeToken(key, withPayload(token, `notifications:${newsletter.subject}`))).toBeNull();
    expect(verifyUnsubscribeToken(key, withPayload(token, 'newsletter:00000000-0000-4000-8000-000000000000'))).toBeNull();
    expect(verifyUnsubscribeToken(key, withPayload(token, `${newsletter.list}:${newsletter.subject}x`))).toBeNull();
  });

  it('refuses an altered signature', () => {
    const token = signUnsubscribeToken(key, newsletter);
    const [payload, sig] = token.split('.') as [string, string];
    const flipped = sig.slice(0, 10) + (sig[10] === 'A' ? 'B' : 'A') + sig.slice(11);
    expect(verifyUnsubscribeToken(key, `${payload}.${flipped}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${payload}.${sig.slice(0, 42)}`)).toBeNull();
    expect(verifyUnsubscribeToken(key, `${payload}.${sig}A`)).toBeNull();
    expect(verifyUnsubscribeToken(key, payload)).toBeNull();
  });

  it('has one spelling: the spare bits of the last base64url character cannot be flipped', () => {
    const token = signUnsubscribeToken(key, newsletter);
    const last = token.at(-1)!;
    // The last of 43 characters carries 4 bits: its two low bits are padding.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const twin = alphabet[alphabet.indexOf(last) ^ 1]!;
    expect(Buffer.from(`${token.slice(0, -1)}${twin}`.split('.')[1]!, 'base64url')).toEqual(Buffer.from(token.split('.')[1]!, 'base64url'));
    expect(verifyUnsubscribeToken(key, `${token.slice(0, -1)}${twin}`)).toBeNull();
  });

  it('refuses a token signed with another secret', () => {
    const other = unsubscribeKey('outro-segredo-de-teste-com-mais-de-32-caracteres');
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(other, newsletter))).toBeNull();
  });

  it('refuses a well-signed payload naming an unknown list or no subject', () => {
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, { list: 'orders' as never, subject: 'x' }))).toBeNull();
    expect(verifyUnsubscribeToken(key, signUnsubscribeToken(key, { list: 'newsletter', subject: '' }))).toBeNull();
  });

  it('refuses garbage without throwing', () => {
    for (const t of ['', '.', 'abc', 'a.b.c', '%%%.%%%', 'x'.repeat(10_000), `${'a'.repeat(300)}.${'b'.repeat(43)}`]) {
      expect(verifyUnsubscribeToken(key, t)).toBeNull();
    }
  });
});
