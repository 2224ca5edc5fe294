// The Content-Security-Policy nonce of this response (server.mjs makes one per request).
// React Router's inline scripts must carry it; in the browser it reads '' (browsers hide
// nonces from the DOM), which is harmless: scripts added after load come from files.
import { createContext, useContext } from 'react';

export const NonceContext = createContext('');
export const NonceProvider = NonceContext.Provider;

export function useNonce(): string {
  return useContext(NonceContext);
}
