// The Focus NFe adapter (app/server/invoices/focusnfe.server.ts) against a local stand-in of their
// API v2 (tests/support/focusnfe-api.mjs); no database. Contract followed, from their pages
// (https://focusnfe.com.br/doc/, source github.com/FocusNFe/api-doc):
//   Autenticação (Basic, token as user), Referência, Erros  https://focusnfe.com.br/doc/#introducao
//   Envio POST /v2/nfe?ref=                                 https://focusnfe.com.br/doc/#nfe_envio
//   Consulta GET /v2/nfe/REF?completa=                      https://focusnfe.com.br/doc/#nfe_consulta
//   Download caminho_xml_nota_fiscal / caminho_danfe        https://focusnfe.com.br/doc/#nfe_download-do-xml-da-nfe
//   Cancelamento DELETE /v2/nfe/REF (15–255, 24 h)          https://focusnfe.com.br/doc/#nfe_cancelamento
//   Gatilhos POST /v2/hooks, Authorization                  https://focusnfe.com.br/doc/#gatilhos-webhooks_criacao
//   Limite de requisições (100 a minute)                    https://focusnfe.com.br/doc/#limite-de-requisicoes
import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { advanceClock, resetClock, setClock } from '~/lib/clock';
import {
  FocusNfe,
  FocusNfeError,
  focusNfeFromEnv,
  parseFocusWebhook,
  verifyFocusWebhook,
  type FocusNfeWebhook,
} from '~/server/invoices/focusnfe.server';
import { reloadEnv } from '~/server/infra/env.server';
import { accessKeyDigit, startFocusNfeApi } from '../support/focusnfe-api.mjs';

const TOKEN = 'focus-token-homologacao-0123456789';
const SECRET = 'segredo-do-gatilho-focusnfe-0123';

/** A small order as Focus NFe's JSON (the fields of their "campos obrigatórios" example). */
function order(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    natureza_operacao: 'Venda de produção do estabelecimento',
    data_emissao: '2026-11-28T10:00:00-03:00',
    tipo_documento: 1,
    finalidade_emissao: 1,
    presenca_comprador: 2,
    cnpj_emitente: '12345678000195',
    nome_emitente: 'Clarear Produtos de Limpeza Ltda',
    inscricao_estadual_emitente: '110042490114',
    uf_emitente: 'SP',
    nome_destinatario: 'NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL',
    cpf_destinatario: '52998224725',
    indicador_inscricao_estadual_destinatario: 9,
    uf_destinatario: 'SP',
    modalidade_frete: 0,
    valor_frete: 15.5,
    items: [
      {
        numero_item: 1,
        codigo_produto: 'DET-500',
        descricao: 'Detergente neutro (500 mL)',
        cfop: '5101',
        codigo_ncm: '34022000',
        unidade_comercial: 'UN',
        quantidade_comercial: 2,
        valor_unitario_comercial: 12.5,
        valor_bruto: 25,
        icms_origem: 0,
        icms_situacao_tributaria: '102',
        pis_situacao_tributaria: '07',
        cofins_situacao_tributaria: '07',
      },
    ],
    ...overrides,
  };
}

const newRef = () => `pedido_${randomUUID().slice(0, 8)}`;

async function failure(promise: Promise<unknown>): Promise<FocusNfeError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(FocusNfeError);
    return error as FocusNfeError;
  }
  throw new Error('deveria ter falhado');
}

describe('Focus NFe adapter', () => {
  let api: Awaited<ReturnType<typeof startFocusNfeApi>>;
  let focus: FocusNfe;
  let hookServer: Server;
  let hookUrl: string;
  /** What the store's webhook endpoint saw: the authorization check and the parsed notice. */
  const received: { valid: boolean; notice: FocusNfeWebhook | null }[] = [];

  beforeAll(async () => {
    // The store's webhook endpoint, as a route would be: the header is checked before the body is read.
    hookServer = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const valid = verifyFocusWebhook(req.headers.authorization, SECRET);
      received.push({ valid, notice: valid ? parseFocusWebhook(Buffer.concat(chunks).toString('utf8')) : null });
      res.writeHead(valid ? 200 : 401, { 'content-type': 'application/json' }).end(JSON.stringify({ ok: valid }));
    });
    await new Promise<void>((resolve) => hookServer.listen(0, '127.0.0.1', resolve));
    hookUrl = `http://127.0.0.1:${(hookServer.address() as { port: number }).port}/webhooks/focusnfe`;
    api = await startFocusNfeApi({ token: TOKEN });
    focus = new FocusNfe({ token: TOKEN, environment: 'homologacao', apiUrl: `${api.url}/` });
  });

  afterEach(() => {
    api.setDelay(0);
    resetClock();
  });

  afterAll(async () => {
    await api.close();
    await new Promise((resolve) => hookServer.close(resolve));
  });

  it('issues: 202 processing, then authorised with number, series, a checked chave, protocol and files', async () => {
    const ref = newRef();
    const sent = await focus.issue(ref, order());
    expect(sent).toMatchObject({ ref, status: 'processando_autorizacao', chave: null, numero: null, xmlPath: null });

    const request = api.requests.at(-1)!;
    expect(request).toMatchObject({ method: 'POST', path: '/v2/nfe', query: `?ref=${ref}` });
    // HTTP Basic: the token as the user, an empty password.
    expect(request.headers.authorization).toBe(`Basic ${Buffer.from(`${TOKEN}:`).toString('base64')}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.body).toEqual(order());

    expect(await focus.status(ref)).toMatchObject({ status: 'processando_autorizacao', statusSefaz: null });
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: `/v2/nfe/${ref}`, query: '?completa=0' });

    await api.authorize(ref, { notify: false });
    const note = await focus.status(ref);
    expect(note).toMatchObject({ ref, status: 'autorizado', statusSefaz: '100', mensagemSefaz: 'Autorizado o uso da NF-e', serie: '1', cnpjEmitente: '12345678000195' });
    expect(note.numero).toMatch(/^\d+$/);
    // Their "NFe" prefix dropped; SP (35), the issuer's CNPJ, modelo 55, and a right check digit.
    expect(note.chave).toMatch(/^35\d{4}12345678000195550010{8}\d+$/);
    expect(note.chave).toHaveLength(44);
    expect(Number(note.chave![43])).toBe(accessKeyDigit(note.chave!.slice(0, 43)));
    expect(note.xmlPath).toBe(`/arquivos_development/12345678000195/${note.xmlPath!.split('/')[3]}/XMLs/${note.chave}-nfe.xml`);
    expect(note.danfePath).toMatch(new RegExp(`/DANFEs/${note.chave}\\.pdf$`));
    // completa=0 carries no protocol; completa=1 does (protocolo_nota_fiscal).
    expect(note.protocolo).toBeNull();
    const complete = await focus.status(ref, { complete: true });
    expect(api.requests.at(-1)!.query).toBe('?completa=1');
    expect(complete.protocolo).toMatch(/^\d{15}$/);
  });

  it('the same ref twice is the same note, never two; other data for an authorised ref is refused', async () => {
    const ref = newRef();
    await focus.issue(ref, order());
    // A retry (the answer was lost): the same note, still processing.
    expect(await focus.issue(ref, order())).toMatchObject({ ref, status: 'processando_autorizacao' });
    expect([...api.notes.keys()].filter((k) => k === ref)).toHaveLength(1);
    // Other data while processing: theirs is em_processamento.
    const busy = await failure(focus.issue(ref, order({ valor_frete: 20 })));
    expect(busy).toMatchObject({ kind: 'http', status: 422, apiCode: 'em_processamento' });

    await api.authorize(ref, { notify: false });
    const first = await focus.status(ref);
    // The retry after authorisation answers the authorised note, numbered once.
    expect(await focus.issue(ref, order())).toEqual(first);
    const refused = await failure(focus.issue(ref, order({ valor_frete: 0 })));
    expect(refused).toMatchObject({ kind: 'http', status: 422, apiCode: 'nfe_autorizada', apiMessage: 'Nota fiscal já autorizada' });
    expect(refused.message).toBe('Esta nota já foi autorizada na Focus NFe com outros dados; ela não pode ser emitida de novo.');
    expect((await focus.status(ref)).numero).toBe(first.numero);
  });

  it('rejected (erro_autorizacao), then corrected and sent again with the same ref', async () => {
    const ref = newRef();
    await focus.issue(ref, order({ nome_destinatario: 'Maria da Silva' }));
    await api.reject(ref, 'Rejeicao: NF-e emitida em ambiente de homologacao com Razao Social do destinatario diferente de NF-E EMITIDA EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', {
      statusSefaz: '598',
      notify: false,
    });
    const rejected = await focus.status(ref);
    expect(rejected).toMatchObject({ status: 'erro_autorizacao', statusSefaz: '598', chave: null, numero: null });
    expect(rejected.mensagemSefaz).toContain('SEM VALOR FISCAL');

    expect(await focus.issue(ref, order())).toMatchObject({ ref, status: 'processando_autorizacao' });
    await api.authorize(ref, { notify: false });
    expect(await focus.status(ref)).toMatchObject({ status: 'autorizado', statusSefaz: '100' });
  });

  it('denied (denegado): numbered, and never sent again with other data', async () => {
    const ref = newRef();
    await focus.issue(ref, order());
    await api.deny(ref, { notify: false });
    const denied = await focus.status(ref);
    expect(denied).toMatchObject({ status: 'denegado', statusSefaz: '302', danfePath: null });
    expect(denied.mensagemSefaz).toContain('Denegado');
    expect(denied.chave).toHaveLength(44);
    const again = await failure(focus.issue(ref, order({ cpf_destinatario: '11144477735' })));
    expect(again).toMatchObject({ kind: 'http', status: 422, apiCode: 'nfe_denegada' });
  });

  it('their validation errors keep their words apart, field by field', async () => {
    const error = await failure(focus.issue(newRef(), order({ cpf_destinatario: undefined })));
    expect(error).toMatchObject({ kind: 'http', status: 422, apiCode: 'erro_validacao_schema', message: 'A Focus NFe recusou os dados da nota.' });
    expect(error.details).toEqual([{ codigo: null, mensagem: 'Preencha pelo menos um documento do destinatário: cnpj_destinatario ou cpf_destinatario', campo: null }]);
    expect(error.apiMessage).toContain('cnpj_destinatario ou cpf_destinatario');

    const unknown = await failure(focus.status(newRef()));
    expect(unknown).toMatchObject({ kind: 'http', status: 404, apiCode: 'nao_encontrado', message: 'A Focus NFe não encontrou a nota.' });

    api.failNext(503);
    expect(await failure(focus.status(newRef()))).toMatchObject({ kind: 'http', status: 503, message: 'A Focus NFe está indisponível no momento; tente de novo mais tarde.' });

    // A ref with characters they do not take never leaves.
    const before = api.requests.length;
    expect(await failure(focus.issue('pedido 1/2', order()))).toMatchObject({ kind: 'invalid', status: null });
    expect(api.requests.length).toBe(before);
  });

  it('cancels within 24 hours of the authorisation; later SEFAZ refuses it (501)', async () => {
    const ref = newRef();
    await focus.issue(ref, order());
    await api.authorize(ref, { notify: false });
    api.advanceClock(23 * 3_600_000);

    // The justificativa is checked before anything leaves.
    const before = api.requests.length;
    expect(await failure(focus.cancel(ref, 'curta demais'))).toMatchObject({ kind: 'invalid', status: null, message: 'A justificativa do cancelamento precisa ter de 15 a 255 caracteres.' });
    expect(await failure(focus.cancel(ref, 'x'.repeat(256)))).toMatchObject({ kind: 'invalid' });
    expect(api.requests.length).toBe(before);

    const cancelled = await focus.cancel(ref, 'Pedido cancelado pelo cliente antes do envio');
    expect(cancelled).toMatchObject({ status: 'cancelado', statusSefaz: '135', mensagemSefaz: 'Evento registrado e vinculado a NF-e' });
    expect(cancelled.xmlCancelamentoPath).toMatch(/-can\.xml$/);
    expect(api.requests.at(-1)).toMatchObject({ method: 'DELETE', path: `/v2/nfe/${ref}`, body: { justificativa: 'Pedido cancelado pelo cliente antes do envio' } });
    const after = await focus.status(ref);
    expect(after).toMatchObject({ status: 'cancelado', xmlCancelamentoPath: cancelled.xmlCancelamentoPath });
    const cancelXml = (await focus.download(cancelled.xmlCancelamentoPath!)).toString('utf8');
    expect(cancelXml).toContain('<tpEvento>110111</tpEvento>');
    expect(cancelXml).toContain(`<chNFe>${after.chave}</chNFe>`);
    expect(await failure(focus.cancel(ref, 'Pedido cancelado pelo cliente antes do envio'))).toMatchObject({ kind: 'http', status: 400, apiCode: 'nfe_cancelada' });

    const late = newRef();
    await focus.issue(late, order());
    await api.authorize(late, { notify: false });
    api.advanceClock(24 * 3_600_000 + 60_000);
    const refused = await failure(focus.cancel(late, 'Pedido cancelado pelo cliente depois do prazo'));
    expect(refused).toMatchObject({ kind: 'http', status: 422, apiCode: 'erro_cancelamento', message: 'A SEFAZ recusou o cancelamento da nota.' });
    expect(refused.apiMessage).toBe('Rejeicao: Prazo de Cancelamento Superior ao Previsto na Legislacao');
    expect((await focus.status(late)).status).toBe('autorizado');

    // Only an authorised note is cancelled.
    const pending = newRef();
    await focus.issue(pending, order());
    expect(await failure(focus.cancel(pending, 'Pedido cancelado pelo cliente antes do envio'))).toMatchObject({ status: 422, apiCode: 'nfe_nao_autorizada' });
  });

  it('downloads the XML and the DANFE PDF, and only from their host', async () => {
    const ref = newRef();
    await focus.issue(ref, order());
    await api.authorize(ref, { notify: false });
    const note = await focus.status(ref, { complete: true });

    const xml = (await focus.download(note.xmlPath!)).toString('utf8');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?><nfeProc')).toBe(true);
    expect(xml).toContain(`<infNFe Id="NFe${note.chave}"`);
    expect(xml).toContain(`<nProt>${note.protocolo}</nProt>`);
    expect(xml).toContain('<CPF>52998224725</CPF>');
    // 2 × 12,50 + 15,50 of freight.
    expect(xml).toContain('<vNF>40.50</vNF>');
    expect(api.requests.at(-1)).toMatchObject({ method: 'GET', path: note.xmlPath });

    const pdf = await focus.download(note.danfePath!);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.toString('latin1')).toContain(note.chave!);
    expect(pdf.toString('latin1').trimEnd().endsWith('%%EOF')).toBe(true);

    const before = api.requests.length;
    for (const path of ['https://outro.example/arquivo.xml', '//outro.example/a.xml', '/arquivos/../v2/hooks', 'arquivos/a.xml']) {
      expect(await failure(focus.download(path))).toMatchObject({ kind: 'invalid' });
    }
    expect(api.requests.length).toBe(before);
    expect(await failure(focus.download('/arquivos_development/nada.xml'))).toMatchObject({ kind: 'http', status: 404 });
  });

  it('a wrong token is an HTTP 401 with a message the admin can read (and no token in it)', async () => {
    const intruder = new FocusNfe({ token: 'token-errado-000000', environment: 'homologacao', apiUrl: api.url });
    const error = await failure(intruder.issue(newRef(), order()));
    expect(error).toMatchObject({ kind: 'http', status: 401 });
    expect(error.message).toBe('A Focus NFe recusou o acesso da loja (token inválido, de outro ambiente ou sem permissão).');
    expect(error.message).not.toContain('token-errado');
  });

  it('gives up on a slow answer at the deadline, as a timeout; an API it cannot reach is none either', async () => {
    api.setDelay(3_000);
    const started = performance.now();
    const error = await failure(focus.status(newRef(), { timeoutMs: 200 }));
    expect(error).toMatchObject({ kind: 'timeout', message: 'A Focus NFe não respondeu a tempo.' });
    expect(performance.now() - started).toBeLessThan(1_500);
    api.setDelay(0);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new FocusNfe({ token: TOKEN, environment: 'homologacao', apiUrl: `http://127.0.0.1:${port}` });
    expect(await failure(nowhere.status(newRef(), { timeoutMs: 2_000 }))).toMatchObject({ kind: 'timeout', message: 'Não foi possível falar com a Focus NFe.' });
  });

  it('an answer that is not their contract is invalid, never half-read', async () => {
    const ref = newRef();
    api.answerNext('{"ref": "x", "status": "autori');
    expect(await failure(focus.status(ref))).toMatchObject({ kind: 'invalid', message: 'A Focus NFe respondeu algo que a loja não entende.' });

    // Authorised without its key and files.
    api.answerNext({ ref, status: 'autorizado', status_sefaz: '100', mensagem_sefaz: 'Autorizado o uso da NF-e', numero: '1', serie: '1' });
    expect((await failure(focus.status(ref))).apiMessage).toContain('chave_nfe');

    // A chave whose check digit is wrong.
    const first43 = '3526111234567800019555001000000001100000001';
    const wrong = `${first43}${(accessKeyDigit(first43) + 1) % 10}`;
    const authorised = { ref, status: 'autorizado', status_sefaz: '100', mensagem_sefaz: 'ok', numero: '1', serie: '1', caminho_xml_nota_fiscal: '/a/b-nfe.xml', caminho_danfe: '/a/b.pdf' };
    api.answerNext({ ...authorised, chave_nfe: `NFe${wrong}` });
    expect((await failure(focus.status(ref))).apiMessage).toContain('chave de acesso inválida');
    // The right one passes (their "NFe" prefix or not).
    api.answerNext({ ...authorised, chave_nfe: `${first43}${accessKeyDigit(first43)}` });
    expect((await focus.status(ref)).chave).toBe(`${first43}${accessKeyDigit(first43)}`);

    // A status they do not have, and a file on another host.
    api.answerNext({ ref, status: 'aprovado' });
    expect((await failure(focus.status(ref))).kind).toBe('invalid');
    api.answerNext({ ...authorised, chave_nfe: `${first43}${accessKeyDigit(first43)}`, caminho_danfe: 'https://outro.example/danfe.pdf' });
    expect((await failure(focus.status(ref))).kind).toBe('invalid');

    // Cancelled without its XML.
    api.answerNext({ status: 'cancelado', status_sefaz: '135', mensagem_sefaz: 'Evento registrado e vinculado a NF-e' });
    expect(await failure(focus.cancel(ref, 'Pedido cancelado pelo cliente antes do envio'))).toMatchObject({ kind: 'invalid' });

    // An empty file.
    api.answerNext('');
    expect(await failure(focus.download('/arquivos/vazio.pdf'))).toMatchObject({ kind: 'invalid' });
  });

  it('registers the hook; their call carries the authorization the store chose, a forged one does not pass', async () => {
    const hook = await focus.registerHook(hookUrl, SECRET, { cnpj: '12.345.678/0001-95' });
    expect(hook).toMatchObject({ url: hookUrl, event: 'nfe' });
    expect(api.requests.at(-1)).toMatchObject({ method: 'POST', path: '/v2/hooks', body: { event: 'nfe', url: hookUrl, authorization: SECRET, cnpj: '12345678000195' } });
    expect(await failure(focus.registerHook('não é url', SECRET))).toMatchObject({ kind: 'http', status: 400, apiCode: 'requisicao_invalida' });

    const ref = newRef();
    await focus.issue(ref, order());
    const [good] = await api.authorize(ref);
    expect(good?.status).toBe(200);
    const status = await focus.status(ref);
    expect(received.at(-1)).toEqual({ valid: true, notice: { ...status, ref } });

    const forged = await api.notify(ref, { authorization: 'segredo-de-outra-pessoa-000' });
    expect(forged[0]?.status).toBe(401);
    expect((await api.notify(ref, { authorization: null }))[0]?.status).toBe(401);
    expect(received.slice(-2).every((r) => !r.valid)).toBe(true);

    expect(verifyFocusWebhook(SECRET, SECRET)).toBe(true);
    expect(verifyFocusWebhook(`${SECRET}x`, SECRET)).toBe(false);
    expect(verifyFocusWebhook(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(verifyFocusWebhook(undefined, SECRET)).toBe(false);
    expect(verifyFocusWebhook(SECRET, '')).toBe(false);
    expect(verifyFocusWebhook('', '')).toBe(false);

    const rejected = newRef();
    await focus.issue(rejected, order());
    await api.reject(rejected, 'Rejeicao: CNPJ do destinatario invalido', { statusSefaz: '208' });
    expect(received.at(-1)?.notice).toMatchObject({ ref: rejected, status: 'erro_autorizacao', statusSefaz: '208', mensagemSefaz: 'Rejeicao: CNPJ do destinatario invalido' });

    expect(() => parseFocusWebhook({ status: 'autorizado' })).toThrow(FocusNfeError);
    expect(() => parseFocusWebhook({ ref: 'x', status: 'processando_autorizacao' })).not.toThrow();
    expect(() => parseFocusWebhook({ status: 'processando_autorizacao' })).toThrow(FocusNfeError);
    expect(() => parseFocusWebhook('{"ref":')).toThrow(FocusNfeError);
  });

  it('lets no more than 100 requests a minute leave (their limit), on the one clock', async () => {
    setClock('2026-11-28T12:00:00Z');
    const limited = new FocusNfe({ token: TOKEN, environment: 'homologacao', apiUrl: api.url });
    const ref = newRef();
    await focus.issue(ref, order());
    const before = api.requests.length;
    await Promise.all(Array.from({ length: 100 }, () => limited.status(ref)));
    expect(api.requests.length - before).toBe(100);

    let done = false;
    const late = limited.status(ref).then((note) => {
      done = true;
      return note;
    });
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(done).toBe(false);
    expect(api.requests.length - before).toBe(100);

    // 59 s later the window is still full; at 60 s the first place frees.
    advanceClock(59_000);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(done).toBe(false);
    advanceClock(1_000);
    expect((await late).status).toBe('processando_autorizacao');
    expect(api.requests.length - before).toBe(101);
  });

  it('is configured from the environment: off without a token; homologação unless told', async () => {
    const names = ['FOCUSNFE_TOKEN', 'FOCUSNFE_ENV', 'FOCUSNFE_API_URL', 'FOCUSNFE_WEBHOOK_SECRET'] as const;
    const saved = Object.fromEntries(names.map((n) => [n, process.env[n]]));
    try {
      for (const n of names) delete process.env[n];
      reloadEnv();
      expect(focusNfeFromEnv()).toBeNull();

      process.env.FOCUSNFE_TOKEN = TOKEN;
      reloadEnv();
      expect(focusNfeFromEnv()).toMatchObject({ environment: 'homologacao', baseUrl: 'https://homologacao.focusnfe.com.br' });
      process.env.FOCUSNFE_ENV = 'producao';
      reloadEnv();
      expect(focusNfeFromEnv()).toMatchObject({ environment: 'producao', baseUrl: 'https://api.focusnfe.com.br' });

      process.env.FOCUSNFE_ENV = 'homologacao';
      process.env.FOCUSNFE_API_URL = api.url;
      reloadEnv();
      const fromEnv = focusNfeFromEnv()!;
      expect(fromEnv.baseUrl).toBe(api.url);
      const ref = newRef();
      expect(await fromEnv.issue(ref, order())).toMatchObject({ ref, status: 'processando_autorizacao' });

      process.env.FOCUSNFE_ENV = 'teste';
      reloadEnv();
      expect(() => focusNfeFromEnv()).toThrow(/FOCUSNFE_ENV/);
    } finally {
      for (const n of names) {
        if (saved[n] === undefined) delete process.env[n];
        else process.env[n] = saved[n];
      }
      reloadEnv();
    }
  });
});
