// The signed token of a one-click unsubscribe link: which list and whom (a newsletter sign-up's
// id, or a user's id), with an HMAC-SHA256 so nobody can write one for someone else. No table and
// no expiry: the link works once and for all, like the right it carries. Pure: the key is passed in.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { UNSUBSCRIBE_LISTS, type UnsubscribeList } from '~/lib/unsubscribe';

export type UnsubscribeSubject = { list: UnsubscribeList; subject: string };

/** Tokens are short; anything longer is refused before any work. */
export const UNSUBSCRIBE_TOKEN_MAX_LENGTH = 300;

/** The signing key: derived from the app's secret with its own label, so it signs nothing else. */
export function unsubscribeKey(appSecret: string): Buffer {
  return createHmac('sha256', appSecret).update('clarear/unsubscribe/v1').digest();
}

function mac(key: Buffer, payload: string): Buffer {
  return createHmac('sha256', key).update(payload).digest();
}

/** `<base64url "list:subject">.<base64url HMAC>` */
export function signUnsubscribeToken(key: Buffer, { list, subject }: UnsubscribeSubject): string {
  const payload = `${list}:${subject}`;
  return `${Buffer.from(payload, 'utf8').toString('base64url')}.${mac(key, payload).toString('base64url')}`;
}

/** The list and subject of a genuine token; null for anything altered, forged or malformed. */
export function verifyUnsubscribeToken(key: Buffer, token: string): UnsubscribeSubject | null {
  if (token.length > UNSUBSCRIBE_TOKEN_MAX_LENGTH) return null;
  const match = /^([A-Za-z0-9_-]+)\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const payload = Buffer.from(match[1]!, 'base64url').toString('utf8');
  // Compared as the canonical text: base64url's spare bits would otherwise let one token be spelt several ways.
  if (Buffer.from(payload, 'utf8').toString('base64url') !== match[1]) return null;
  const given = Buffer.from(match[2]!, 'ascii');
  const expected = Buffer.from(mac(key, payload).toString('base64url'), 'ascii');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  const colon = payload.indexOf(':');
  const list = payload.slice(0, colon);
  const subject = payload.slice(colon + 1);
  if (colon < 0 || !subject || !(UNSUBSCRIBE_LISTS as readonly string[]).includes(list)) return null;
  return { list: list as UnsubscribeList, subject };
}
