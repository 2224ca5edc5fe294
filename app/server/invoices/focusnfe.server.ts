// Focus NFe (issues the NF-e, modelo 55, with SEFAZ for the store), a thin adapter on global fetch.
// The note goes out under the store's own reference (derived from the order, so a retried request
// never issues twice), is processed asynchronously (202 processando_autorizacao), and comes back
// autorizado / erro_autorizacao / denegado by polling status() or by their webhook. Every answer
// goes through a Zod schema; whatever goes wrong is one FocusNfeError, whose message may be shown
// as is. The shapes follow their published contract (https://focusnfe.com.br/doc/, whose source is
// github.com/FocusNFe/api-doc); the local stand-in in tests/support/focusnfe-api.mjs keeps them:
//   Autenticação (HTTP Basic, token as user, empty password), Ambiente (base URLs), Referência,
//   Erros ({ codigo, mensagem, erros }), HTTP codes   https://focusnfe.com.br/doc/#introducao
//   POST   /v2/nfe?ref=REF (202 processando_autorizacao)  https://focusnfe.com.br/doc/#nfe_envio
//   GET    /v2/nfe/REF?completa=0|1                        https://focusnfe.com.br/doc/#nfe_consulta
//   caminho_xml_nota_fiscal / caminho_danfe (download)     https://focusnfe.com.br/doc/#nfe_download-do-xml-da-nfe
//   DELETE /v2/nfe/REF { justificativa } (15–255, 24 h)    https://focusnfe.com.br/doc/#nfe_cancelamento
//   POST   /v2/hooks { event: 'nfe', url, authorization }  https://focusnfe.com.br/doc/#gatilhos-webhooks_criacao
//   Limite de requisições (100 a minute per token, 429)   https://focusnfe.com.br/doc/#limite-de-requisicoes
import { isValidAccessKey } from '~/lib/fiscal';
import { createHash, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import '~/lib/schemas/zod-pt-br';
import { MINUTE_MS, now } from '~/lib/clock';
import { getEnv } from '../infra/env.server';

/** A request waits at most this long for its answer (a cancellation talks to SEFAZ in the same request). */
const DEFAULT_TIMEOUT_MS = 20_000;

/** Their published limit: 100 credits a minute per token, one per request of any kind. */
export const FOCUSNFE_REQUESTS_PER_MINUTE = 100;

export type FocusNfeEnvironment = 'homologacao' | 'producao';

export const FOCUSNFE_BASE_URLS: Record<FocusNfeEnvironment, string> = {
  homologacao: 'https://homologacao.focusnfe.com.br',
  producao: 'https://api.focusnfe.com.br',
};

export type FocusNfeConfig = {
  /** The company's token for this environment (homologação and produção have different ones). */
  token: string;
  environment: FocusNfeEnvironment;
  /** Unset: the environment's base URL (a proxy, or in tests the local stand-in). */
  apiUrl?: string;
  /** Requests allowed out of this instance in any 60 s (their limit unless set). */
  requestsPerMinute?: number;
};

export type CallOptions = { timeoutMs?: number };

/**
 * 'timeout': no answer (too slow, or the connection failed): the request may or may not have taken
 * effect, so an issue is reconciled with status() (the same ref never issues twice). 'http': they
 * answered an error status. 'invalid': they answered 2xx with something that is not their contract,
 * or (status null) the adapter refused to send a request they would refuse (a short justificativa).
 */
export type FocusNfeErrorKind = 'timeout' | 'http' | 'invalid';

/** One detail of their error body: `{ codigo, mensagem, erros: [{ codigo, mensagem, campo }] }`. */
export type FocusNfeErrorDetail = { codigo: string | null; mensagem: string; campo: string | null };

export class FocusNfeError extends Error {
  override readonly name = 'FocusNfeError';
  constructor(
    readonly kind: FocusNfeErrorKind,
    /** In pt-BR, safe to show: never their body, the token or a stack. */
    message: string,
    /** The HTTP status of an 'http' error. */
    readonly status: number | null = null,
    /** Their own words (mensagem and the erros' details), for the log and the admin. */
    readonly apiMessage: string | null = null,
    /** Their `codigo` (nfe_autorizada, em_processamento, erro_validacao_schema…), or a cancellation's status. */
    readonly apiCode: string | null = null,
    readonly details: readonly FocusNfeErrorDetail[] = [],
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

// ---------------------------------------------------------------------------------------------
// Shapes of their answers

export const FOCUSNFE_STATUSES = ['processando_autorizacao', 'autorizado', 'erro_autorizacao', 'denegado', 'cancelado'] as const;
export type FocusNfeStatus = (typeof FOCUSNFE_STATUSES)[number];

const optionalText = z
  .union([z.string(), z.number()])
  .nullish()
  .transform((v) => (v === null || v === undefined || String(v).trim() === '' ? null : String(v).trim()));

/** Their chave_nfe reads "NFe" + the 44 digits; kept as the 44 digits, the check digit verified. */
const accessKey = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    const digits = value.replace(/^NFe/, '');
    if (!isValidAccessKey(digits)) {
      ctx.addIssue({ code: 'custom', message: `chave de acesso inválida: ${value}` });
      return z.NEVER;
    }
    return digits;
  });

/** A caminho_*: a path on their host ("/arquivos/…"), never another host or a way up. */
const filePath = z
  .string()
  .nullish()
  .transform((value, ctx) => {
    if (value === null || value === undefined || value === '') return null;
    if (!isSafePath(value)) {
      ctx.addIssue({ code: 'custom', message: `caminho inválido: ${value}` });
      return z.NEVER;
    }
    return value;
  });

const noteSchema = z
  .object({
    cnpj_emitente: optionalText,
    ref: optionalText,
    status: z.enum(FOCUSNFE_STATUSES),
    status_sefaz: optionalText,
    mensagem_sefaz: optionalText,
    chave_nfe: accessKey,
    numero: optionalText,
    serie: optionalText,
    /** Not in the completa=0 answer they publish; read when present. */
    protocolo: optionalText,
    /** completa=1: SEFAZ's protocol of the authorisation. */
    protocolo_nota_fiscal: z.object({ numero_protocolo: optionalText }).loose().nullish(),
    caminho_xml_nota_fiscal: filePath,
    caminho_danfe: filePath,
    caminho_xml_cancelamento: filePath,
  })
  .superRefine((note, ctx) => {
    const required: Partial<Record<FocusNfeStatus, readonly (keyof typeof note)[]>> = {
      autorizado: ['chave_nfe', 'numero', 'serie', 'caminho_xml_nota_fiscal', 'caminho_danfe'],
      cancelado: ['chave_nfe', 'caminho_xml_cancelamento'],
      erro_autorizacao: ['mensagem_sefaz'],
      denegado: ['mensagem_sefaz'],
    };
    for (const field of required[note.status] ?? []) {
      if (note[field] === null || note[field] === undefined) ctx.addIssue({ code: 'custom', path: [field], message: `${field} ausente numa nota ${note.status}` });
    }
  });

const cancelSchema = z.object({
  status: z.enum(['cancelado', 'erro_cancelamento']),
  status_sefaz: optionalText,
  mensagem_sefaz: optionalText,
  caminho_xml_cancelamento: filePath,
});

const hookSchema = z.object({ id: z.union([z.string().min(1), z.number()]).transform(String), url: z.string().min(1), event: z.string().min(1) });

// ---------------------------------------------------------------------------------------------
// What the store gets back

/** A note as they have it (status, SEFAZ's words, and once authorised its number, key and files). */
export type FocusNfeNote = {
  ref: string | null;
  cnpjEmitente: string | null;
  status: FocusNfeStatus;
  /** SEFAZ's cStat ("100" authorised, "135" event registered, rejections 2xx–9xx). */
  statusSefaz: string | null;
  /** SEFAZ's message (xMotivo), in Portuguese. */
  mensagemSefaz: string | null;
  /** The 44 digits of the chave de acesso (their "NFe" prefix dropped), check digit verified. */
  chave: string | null;
  numero: string | null;
  serie: string | null;
  /** SEFAZ's authorisation protocol, when they give it (status with `complete`). */
  protocolo: string | null;
  /** Paths on their host for download(): the authorised XML, the DANFE PDF, the cancellation XML. */
  xmlPath: string | null;
  danfePath: string | null;
  xmlCancelamentoPath: string | null;
};

export type FocusNfeCancellation = {
  /** 'erro_cancelamento': SEFAZ refused it (mensagemSefaz says why); the note stays authorised. */
  status: 'cancelado' | 'erro_cancelamento';
  statusSefaz: string | null;
  mensagemSefaz: string | null;
  xmlCancelamentoPath: string | null;
};

export type FocusNfeHook = { id: string; url: string; event: string };

/** A webhook call's body: the same fields as the status answer, with the ref always present. */
export type FocusNfeWebhook = FocusNfeNote & { ref: string };

function noteOf(n: z.output<typeof noteSchema>): FocusNfeNote {
  return {
    ref: n.ref,
    cnpjEmitente: n.cnpj_emitente,
    status: n.status,
    statusSefaz: n.status_sefaz,
    mensagemSefaz: n.mensagem_sefaz,
    chave: n.chave_nfe,
    numero: n.numero,
    serie: n.serie,
    protocolo: n.protocolo ?? n.protocolo_nota_fiscal?.numero_protocolo ?? null,
    xmlPath: n.caminho_xml_nota_fiscal,
    danfePath: n.caminho_danfe,
    xmlCancelamentoPath: n.caminho_xml_cancelamento,
  };
}

// ---------------------------------------------------------------------------------------------

function isSafePath(value: string): boolean {
  return /^\/[A-Za-z0-9._~\-/%]*$/.test(value) && !value.startsWith('//') && !value.split('/').includes('..');
}

/**
 * Their reference: "pode ser alfanumérica, contudo, não são permitidos caracteres especiais"
 * (their own examples use underscores; a hyphen is kept for order numbers).
 */
const REF_PATTERN = /^[A-Za-z0-9_-]{1,100}$/;

function checkRef(ref: string): string {
  if (!REF_PATTERN.test(ref)) throw new FocusNfeError('invalid', 'Referência da nota inválida (use só letras, dígitos, _ ou -).', null, null, 'requisicao_invalida');
  return ref;
}

/** Their error body `{ codigo, mensagem, erros }`, or a refused cancellation `{ status, status_sefaz, mensagem_sefaz }`. */
function apiErrorOf(text: string): { code: string | null; message: string | null; details: FocusNfeErrorDetail[] } {
  try {
    const body = JSON.parse(text) as Record<string, unknown>;
    const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
    const details: FocusNfeErrorDetail[] = Array.isArray(body.erros)
      ? body.erros
          .filter((e): e is Record<string, unknown> => typeof e === 'object' && e !== null && str((e as Record<string, unknown>).mensagem) !== null)
          .map((e) => ({ codigo: str(e.codigo), mensagem: str(e.mensagem)!, campo: str(e.campo) }))
      : [];
    const head = str(body.mensagem) ?? str(body.mensagem_sefaz);
    const parts = [head, ...details.map((d) => (d.campo ? `${d.campo}: ${d.mensagem}` : d.mensagem))].filter((v): v is string => v !== null);
    return { code: str(body.codigo) ?? str(body.status), message: parts.length ? parts.join(' — ').slice(0, 1000) : null, details };
  } catch {
    return { code: null, message: text ? text.slice(0, 200) : null, details: [] };
  }
}

function httpError(status: number, text: string): FocusNfeError {
  const { code, message: apiMessage, details } = apiErrorOf(text);
  const message =
    status === 401 || status === 403
      ? 'A Focus NFe recusou o acesso da loja (token inválido, de outro ambiente ou sem permissão).'
      : code === 'nfe_autorizada'
        ? 'Esta nota já foi autorizada na Focus NFe com outros dados; ela não pode ser emitida de novo.'
        : code === 'em_processamento'
          ? 'Esta nota ainda está em processamento na Focus NFe; aguarde o resultado.'
          : code === 'erro_cancelamento'
            ? 'A SEFAZ recusou o cancelamento da nota.'
            : code === 'nfe_cancelada'
              ? 'Esta nota já está cancelada.'
              : code === 'nfe_nao_autorizada'
                ? 'Só uma nota autorizada pode ser cancelada.'
                : status === 400 || status === 415 || status === 422
                  ? 'A Focus NFe recusou os dados da nota.'
                  : status === 404
                    ? 'A Focus NFe não encontrou a nota.'
                    : status === 429
                      ? 'A Focus NFe recebeu pedidos demais; tente de novo em instantes.'
                      : status >= 500
                        ? 'A Focus NFe está indisponível no momento; tente de novo mais tarde.'
                        : `A Focus NFe respondeu com erro (${status}).`;
  return new FocusNfeError('http', message, status, apiMessage, code, details);
}

const INVALID_ANSWER = 'A Focus NFe respondeu algo que a loja não entende.';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class FocusNfe {
  readonly baseUrl: string;
  readonly environment: FocusNfeEnvironment;
  private readonly authorization: string;
  private readonly perMinute: number;
  /** When each of the last `perMinute` requests left (clock ms, oldest first). */
  private readonly sent: number[] = [];

  constructor(config: FocusNfeConfig) {
    this.environment = config.environment;
    this.baseUrl = (config.apiUrl ?? FOCUSNFE_BASE_URLS[config.environment]).replace(/\/+$/, '');
    this.authorization = `Basic ${Buffer.from(`${config.token}:`).toString('base64')}`;
    this.perMinute = config.requestsPerMinute ?? FOCUSNFE_REQUESTS_PER_MINUTE;
  }

  /**
   * Waits for a place among the last minute's requests: a sliding window, so no 60 s ever sees
   * more than `perMinute` leave (a token bucket would let a full bucket plus its refill through).
   * Read on the one clock, re-checked often, so tests move time instead of waiting for it.
   */
  private async slot(): Promise<void> {
    for (;;) {
      const t = now().getTime();
      while (this.sent.length && (this.sent[0]! <= t - MINUTE_MS || this.sent[0]! > t + MINUTE_MS)) this.sent.shift();
      if (this.sent.length < this.perMinute) {
        this.sent.push(t);
        return;
      }
      await sleep(Math.min(250, Math.max(10, this.sent[0]! + MINUTE_MS - t)));
    }
  }

  /** One request: Basic auth, a deadline, and the raw answer (status and bytes). */
  private async send(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, options: CallOptions, accept = 'application/json'): Promise<{ status: number; bytes: Buffer }> {
    await this.slot();
    const signal = AbortSignal.timeout(options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    try {
      const response = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: { Accept: accept, Authorization: this.authorization, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal,
      });
      // The body is read under the same deadline: an answer that stalls halfway is no answer.
      return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
    } catch (error) {
      const late = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
      throw new FocusNfeError('timeout', late ? 'A Focus NFe não respondeu a tempo.' : 'Não foi possível falar com a Focus NFe.', null, null, null, [], { cause: error });
    }
  }

  /** A JSON request whose 2xx answer is checked against `schema`. */
  private async call<S extends z.ZodType>(method: 'GET' | 'POST' | 'DELETE', path: string, body: unknown, schema: S, options: CallOptions): Promise<z.output<S>> {
    const { status, bytes } = await this.send(method, path, body, options);
    const text = bytes.toString('utf8');
    if (status < 200 || status >= 300) throw httpError(status, text);
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      throw new FocusNfeError('invalid', INVALID_ANSWER, status, text.slice(0, 200), null, [], { cause: error });
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new FocusNfeError('invalid', INVALID_ANSWER, status, z.prettifyError(parsed.error).slice(0, 500), null, [], { cause: parsed.error });
    return parsed.data;
  }

  /**
   * Sends the note (their JSON, e.g. from focusNfePayload) under `ref`. Usually 202 with
   * processando_autorizacao (a company set up for synchronous issuing may answer 201, already
   * decided). The same ref again is the same note: resent after erro_autorizacao it is processed
   * again with the corrected data; once authorised they refuse other data (apiCode nfe_autorizada).
   */
  async issue(ref: string, payload: Record<string, unknown>, options: CallOptions = {}): Promise<FocusNfeNote> {
    return noteOf(await this.call('POST', `/v2/nfe?ref=${encodeURIComponent(checkRef(ref))}`, payload, noteSchema, options));
  }

  /** The note's state; `complete` asks for completa=1, which carries SEFAZ's protocol number. */
  async status(ref: string, options: CallOptions & { complete?: boolean } = {}): Promise<FocusNfeNote> {
    return noteOf(await this.call('GET', `/v2/nfe/${encodeURIComponent(checkRef(ref))}?completa=${options.complete ? 1 : 0}`, undefined, noteSchema, options));
  }

  /**
   * Cancels an authorised note (SEFAZ answers in the same request; allowed within 24 hours of the
   * authorisation in most states). The justificativa (15–255 characters) is checked before sending.
   */
  async cancel(ref: string, justificativa: string, options: CallOptions = {}): Promise<FocusNfeCancellation> {
    const reason = justificativa.trim().replace(/\s+/g, ' ');
    if (reason.length < 15 || reason.length > 255) {
      throw new FocusNfeError('invalid', 'A justificativa do cancelamento precisa ter de 15 a 255 caracteres.', null, null, 'requisicao_invalida');
    }
    const answer = await this.call('DELETE', `/v2/nfe/${encodeURIComponent(checkRef(ref))}`, { justificativa: reason }, cancelSchema, options);
    if (answer.status === 'cancelado' && !answer.caminho_xml_cancelamento) {
      throw new FocusNfeError('invalid', INVALID_ANSWER, 200, 'cancelado sem caminho_xml_cancelamento');
    }
    return { status: answer.status, statusSefaz: answer.status_sefaz, mensagemSefaz: answer.mensagem_sefaz, xmlCancelamentoPath: answer.caminho_xml_cancelamento };
  }

  /** A file at a caminho_* path of theirs (the XML, the DANFE PDF, the cancellation XML), as bytes. */
  async download(path: string, options: CallOptions = {}): Promise<Buffer> {
    // Only a path on their host: the token never goes anywhere else.
    if (!isSafePath(path)) throw new FocusNfeError('invalid', 'Caminho de arquivo da Focus NFe inválido.', null, path.slice(0, 200));
    const { status, bytes } = await this.send('GET', path, undefined, options, '*/*');
    if (status < 200 || status >= 300) throw httpError(status, bytes.toString('utf8'));
    if (bytes.length === 0) throw new FocusNfeError('invalid', INVALID_ANSWER, status, 'arquivo vazio');
    return bytes;
  }

  /**
   * Registers the store's webhook for NF-e events: they POST each note's result to `url` with
   * `authorization` as the Authorization header (verifyFocusWebhook checks it). `cnpj` limits it
   * to one issuer; without it, every note of this token.
   */
  async registerHook(url: string, authorization: string, options: CallOptions & { cnpj?: string } = {}): Promise<FocusNfeHook> {
    const body = { event: 'nfe', url, authorization, ...(options.cnpj ? { cnpj: options.cnpj.replace(/[^0-9A-Za-z]/g, '').toUpperCase() } : {}) };
    return this.call('POST', '/v2/hooks', body, hookSchema, options);
  }
}

/** The adapter configured from the environment; null while FOCUSNFE_TOKEN is unset (NF-e attached by hand). */
export function focusNfeFromEnv(): FocusNfe | null {
  const env = getEnv();
  if (!env.FOCUSNFE_TOKEN) return null;
  return new FocusNfe({ token: env.FOCUSNFE_TOKEN, environment: env.FOCUSNFE_ENV, apiUrl: env.FOCUSNFE_API_URL });
}

const digest = (value: string) => createHash('sha256').update(value, 'utf8').digest();

/**
 * Their webhook carries, as the Authorization header, the value the store registered with the hook
 * (FOCUSNFE_WEBHOOK_SECRET). Compared in constant time (digests of equal length, so the length of
 * the secret does not leak either); no secret configured accepts nothing.
 */
export function verifyFocusWebhook(authorizationHeader: string | null | undefined, secret: string | null | undefined): boolean {
  if (!authorizationHeader || !secret) return false;
  return timingSafeEqual(digest(authorizationHeader), digest(secret));
}

/** A webhook's body (the parsed JSON or the raw text), checked; FocusNfeError 'invalid' otherwise. */
export function parseFocusWebhook(json: unknown): FocusNfeWebhook {
  let value = json;
  if (typeof json === 'string') {
    try {
      value = JSON.parse(json);
    } catch (error) {
      throw new FocusNfeError('invalid', 'Aviso da Focus NFe ilegível.', null, null, null, [], { cause: error });
    }
  }
  const parsed = noteSchema.safeParse(value);
  if (!parsed.success) throw new FocusNfeError('invalid', 'Aviso da Focus NFe ilegível.', null, z.prettifyError(parsed.error).slice(0, 500), null, [], { cause: parsed.error });
  const note = noteOf(parsed.data);
  if (note.ref === null || !REF_PATTERN.test(note.ref)) throw new FocusNfeError('invalid', 'Aviso da Focus NFe ilegível.', null, 'ref ausente ou inválida');
  return { ...note, ref: note.ref };
}
