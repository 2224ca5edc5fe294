// Carries the per-request CSP nonce from server.mjs (which writes it into the header) to
// the renderer (entry.server.tsx), through React Router's request context.
import { createContext } from 'react-router';

export const cspNonceContext = createContext<string>('');

/**
 * A cacheable page (lib/cache-control.ts) carries no nonce: a shared copy would hand every later
 * visitor the same "one-time" value, and a per-request nonce would make every render's bytes differ
 * (no ETag, no 304). Its inline scripts are allowed by their SHA-256 hashes instead, deterministic
 * like the page: entry.server.tsx passes the hashes here and server.mjs puts them in the header in
 * place of the nonce. Private pages keep the per-request nonce.
 */
export const cspScriptHashesContext = createContext<(hashes: string[]) => void>(() => {});
