// The one logger: JSON lines (pino), each tagged with the id of the request it belongs to.
// What must never reach a log — passwords, tokens, cookies, full CPF/CNPJ — is removed twice:
// by field name (redact) and, as a last line of defence, by pattern on every written line.
import { AsyncLocalStorage } from 'node:async_hooks';
import pino, { type DestinationStream, type Logger } from 'pino';

const requestContext = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `fn` with every log line it writes (however deep) tagged with `requestId`. */
export function withRequestId<T>(requestId: string, fn: () => T): T {
  return requestContext.run({ requestId }, fn);
}

export function currentRequestId(): string | undefined {
  return requestContext.getStore()?.requestId;
}

/** Field names whose values never appear in a log line, at any depth pino can address. */
export const REDACTED_PATHS = [
  'password',
  'newPassword',
  'currentPassword',
  'token',
  'secret',
  'taxId',
  'cookie',
  'authorization',
  '*.password',
  '*.newPassword',
  '*.currentPassword',
  '*.token',
  '*.secret',
  '*.taxId',
  '*.cookie',
  '*.authorization',
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
];

// CPF (000.000.000-00 or 11 digits) and CNPJ (00.000.000/0000-00, 14 characters, alphanumeric base).
const TAX_ID = /\b(?:\d{3}\.\d{3}\.\d{3}-\d{2}|[0-9A-Z]{2}\.[0-9A-Z]{3}\.[0-9A-Z]{3}\/[0-9A-Z]{4}-\d{2}|\d{11}|\d{14}|[0-9A-Z]{12}\d{2})\b/g;
// Tokens in URLs (e-mail confirmation, password reset: query string or path segment).
const URL_TOKEN = /([?&](?:token|code|secret)=)[^&"\s]+|(\/reset-password\/)[^/?"\s]+/gi;
// Upper-case letters plus digits must contain a digit and a letter to be a CNPJ; pure words stay.
function maskTaxIds(line: string): string {
  return line.replace(TAX_ID, (match) => (/\d/.test(match) && /^[0-9A-Z./-]+$/.test(match) && /\d{2}$/.test(match) ? '[cpf/cnpj]' : match));
}

/** Removes tokens and CPF/CNPJ from an already serialised log line. */
export function scrubLine(line: string): string {
  return maskTaxIds(line.replace(URL_TOKEN, (_m, q?: string, p?: string) => `${q ?? p}[removido]`));
}

/** A destination that scrubs each line before handing it on (stdout by default). */
function scrubbing(target: DestinationStream): DestinationStream {
  return { write: (line: string) => target.write(scrubLine(line)) };
}

export function createLogger(options: { level?: string; destination?: DestinationStream } = {}): Logger {
  return pino(
    {
      level: options.level ?? process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
      base: { service: 'clarear' },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACTED_PATHS, censor: '[removido]' },
      mixin: () => {
        const requestId = currentRequestId();
        return requestId ? { reqId: requestId } : {};
      },
    },
    scrubbing(options.destination ?? pino.destination({ dest: 1, sync: true })),
  );
}

// Kept on globalThis like the database: the dev server's module reloads share one logger.
const state = globalThis as typeof globalThis & { __clarearLogger?: Logger };
export const logger: Logger = (state.__clarearLogger ??= createLogger());

/** `log.error('what failed', error)`: the message first, the error (with its stack) as `err`. */
export const log = {
  info: (message: string, details?: Record<string, unknown>) => logger.info(details ?? {}, message),
  warn: (message: string, error?: unknown) => logger.warn(error === undefined ? {} : { err: error }, message),
  error: (message: string, error?: unknown) => logger.error(error === undefined ? {} : { err: error }, message),
};
