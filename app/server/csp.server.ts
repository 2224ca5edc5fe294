// Carries the per-request CSP nonce from server.mjs (which writes it into the header) to
// the renderer (entry.server.tsx), through React Router's request context.
import { createContext } from 'react-router';

export const cspNonceContext = createContext<string>('');
