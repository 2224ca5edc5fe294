// A local stand-in for Focus NFe's API v2 (NF-e, modelo 55), for tests only (the machine is offline).
// It answers the requests the store's adapter (app/server/invoices/focusnfe.server.ts) makes with the
// shapes of their published documentation (https://focusnfe.com.br/doc/, source github.com/FocusNFe/api-doc),
// and calls the store's webhook as they do. Pages:
//   Autenticação: HTTP Basic, token as user, empty password   https://focusnfe.com.br/doc/#introducao_autenticacao
//   Referência (reusable after erro_autorizacao, never once authorised)
//                                                            https://focusnfe.com.br/doc/#introducao_referencia
//   HTTP codes and errors { codigo, mensagem, erros }        https://focusnfe.com.br/doc/#introducao_erros
//   POST   /v2/nfe?ref=REF → 202 processando_autorizacao    https://focusnfe.com.br/doc/#nfe_envio
//   GET    /v2/nfe/REF?completa=0|1                         https://focusnfe.com.br/doc/#nfe_consulta
//   GET    caminho_xml_nota_fiscal, caminho_danfe           https://focusnfe.com.br/doc/#nfe_download-do-xml-da-nfe
//   DELETE /v2/nfe/REF { justificativa } 15–255, 24 h       https://focusnfe.com.br/doc/#nfe_cancelamento
//   POST   /v2/hooks { event, url, authorization, authorization_header, cnpj }
//                                                            https://focusnfe.com.br/doc/#gatilhos-webhooks_criacao
//   Limite de requisições                                    https://focusnfe.com.br/doc/#limite-de-requisicoes
// Not published, chosen here: the body of a 401 for a wrong token (their table lists 403
// permissao_negada for a blocked application); the HTTP status of a refused cancellation (their
// page shows the body { status: 'erro_cancelamento', status_sefaz, mensagem_sefaz }: here a 422 with
// SEFAZ's rejection 501); a resend of an authorised or denied ref with the very same data answers
// the note as it is (200) instead of their nfe_autorizada, so a retried request is harmless.
// SEFAZ is played by the controls authorize / reject / deny; the XML and the PDF are small but well formed.
import { createHash, randomInt } from 'node:crypto';
import { createServer } from 'node:http';

const DAY_MS = 24 * 3_600_000;

/** IBGE codes of the UFs (cUF, the chave's first two digits). */
const UF_CODES = {
  RO: '11', AC: '12', AM: '13', RR: '14', PA: '15', AP: '16', TO: '17', MA: '21', PI: '22', CE: '23', RN: '24', PB: '25', PE: '26',
  AL: '27', SE: '28', BA: '29', MG: '31', ES: '32', RJ: '33', SP: '35', PR: '41', SC: '42', RS: '43', MS: '50', MT: '51', GO: '52', DF: '53',
};

/** Mod 11, weights 2..9 from the right; remainder 0 or 1 → 0. */
export function accessKeyDigit(first43) {
  let sum = 0;
  for (let i = 0; i < 43; i++) sum += Number(first43[42 - i]) * (2 + (i % 8));
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

/** JSON with sorted keys: the same data written in another order is the same note. */
function canonical(value) {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') return `{${Object.keys(value).sort().map((k) => `${JSON.stringify(k)}:${canonical(value[k])}`).join(',')}}`;
  return JSON.stringify(value);
}

const escapeXml = (s) => String(s ?? '').replace(/[<>&'"]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[c]);
const decimal = (n) => (Math.round(Number(n || 0) * 100) / 100).toFixed(2);

/** The note's total as SEFAZ adds it: products + freight − discount (their valor_total when sent). */
function totalOf(p) {
  if (p.valor_total !== undefined) return Number(p.valor_total);
  const products = (p.items ?? []).reduce((sum, i) => sum + Number(i.valor_bruto ?? 0), 0);
  return products + Number(p.valor_frete ?? 0) - Number(p.valor_desconto ?? 0);
}

/** A small nfeProc: the signed parts are absent (no certificate here), the structure is the real one. */
function nfeXml(note, at) {
  const p = note.payload;
  const dest = p.cnpj_destinatario ? `<CNPJ>${escapeXml(p.cnpj_destinatario)}</CNPJ>` : `<CPF>${escapeXml(p.cpf_destinatario)}</CPF>`;
  const items = (p.items ?? [])
    .map(
      (i, n) =>
        `<det nItem="${n + 1}"><prod><cProd>${escapeXml(i.codigo_produto)}</cProd><xProd>${escapeXml(i.descricao)}</xProd><NCM>${escapeXml(i.codigo_ncm)}</NCM>` +
        `<CFOP>${escapeXml(i.cfop)}</CFOP><uCom>${escapeXml(i.unidade_comercial)}</uCom><qCom>${escapeXml(i.quantidade_comercial)}</qCom>` +
        `<vUnCom>${escapeXml(i.valor_unitario_comercial)}</vUnCom><vProd>${decimal(i.valor_bruto)}</vProd></prod></det>`,
    )
    .join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>` +
    `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${note.chave}" versao="4.00">` +
    `<ide><cUF>${note.chave.slice(0, 2)}</cUF><cNF>${note.chave.slice(35, 43)}</cNF><natOp>${escapeXml(p.natureza_operacao)}</natOp><mod>55</mod>` +
    `<serie>${note.serie}</serie><nNF>${note.numero}</nNF><dhEmi>${escapeXml(p.data_emissao ?? new Date(at).toISOString())}</dhEmi><tpNF>1</tpNF>` +
    `<tpAmb>${note.environment === 'producao' ? 1 : 2}</tpAmb><finNFe>${escapeXml(p.finalidade_emissao ?? 1)}</finNFe></ide>` +
    `<emit><CNPJ>${escapeXml(note.cnpj)}</CNPJ><xNome>${escapeXml(p.nome_emitente)}</xNome><IE>${escapeXml(p.inscricao_estadual_emitente)}</IE></emit>` +
    `<dest>${dest}<xNome>${escapeXml(p.nome_destinatario)}</xNome></dest>${items}` +
    `<total><ICMSTot><vProd>${decimal((p.items ?? []).reduce((s, i) => s + Number(i.valor_bruto ?? 0), 0))}</vProd><vFrete>${decimal(p.valor_frete)}</vFrete>` +
    `<vDesc>${decimal(p.valor_desconto)}</vDesc><vNF>${decimal(totalOf(p))}</vNF></ICMSTot></total></infNFe></NFe>` +
    `<protNFe versao="4.00"><infProt><tpAmb>${note.environment === 'producao' ? 1 : 2}</tpAmb><chNFe>${note.chave}</chNFe>` +
    `<dhRecbto>${new Date(at).toISOString()}</dhRecbto><nProt>${note.protocolo}</nProt><cStat>${note.status_sefaz}</cStat>` +
    `<xMotivo>${escapeXml(note.mensagem_sefaz)}</xMotivo></infProt></protNFe></nfeProc>`
  );
}

function cancelXml(note, at, justificativa) {
  return (
    `<?xml version="1.0" encoding="UTF-8"?><procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">` +
    `<evento versao="1.00"><infEvento Id="ID110111${note.chave}01"><chNFe>${note.chave}</chNFe><dhEvento>${new Date(at).toISOString()}</dhEvento>` +
    `<tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento>` +
    `<nProt>${note.protocolo}</nProt><xJust>${escapeXml(justificativa)}</xJust></detEvento></infEvento></evento>` +
    `<retEvento versao="1.00"><infEvento><cStat>135</cStat><xMotivo>Evento registrado e vinculado a NF-e</xMotivo></infEvento></retEvento></procEventoNFe>`
  );
}

/** A one-page PDF whose xref offsets are right (a reader opens it). */
function tinyPdf(lines) {
  const text = lines.map((l, i) => `BT /F1 10 Tf 40 ${800 - i * 14} Td (${String(l).replace(/[()\\]/g, '\\$&').replace(/[^\x20-\x7e]/g, '?')}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Length ${Buffer.byteLength(text)} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(out));
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out);
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((n) => `${String(n).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/**
 * Starts the stand-in. `token`: the only one it accepts (Basic, empty password); `environment`:
 * which one it plays; `now`: its clock (ms), which `advanceClock` moves (the 24 h of a cancellation).
 * @param {{ port?: number, token?: string, environment?: 'homologacao' | 'producao', now?: () => number }} [options]
 */
export async function startFocusNfeApi({ port = 0, token = 'focus-token-de-teste', environment = 'homologacao', now = () => Date.now(), onIssued = null } = {}) {
  /** @type {Map<string, any>} ref → note */
  const notes = new Map();
  /** @type {Map<string, { type: string, body: Buffer }>} caminho → file */
  const files = new Map();
  /** @type {{ id: string, url: string, authorization: string | null, authorization_header: string | null, event: string, cnpj: string | null }[]} */
  const hooks = [];
  /** @type {{ method: string, path: string, query: string, headers: Record<string, string | null>, body: any }[]} */
  const requests = [];
  /** @type {{ status: number, raw: string }[]} answers to give next, before anything else */
  const canned = [];
  const timers = new Set();
  const control = { delayMs: 0, offsetMs: 0 };
  let numero = 0;
  let sequence = 0;
  const clock = () => now() + control.offsetMs;
  const expectedAuth = `Basic ${Buffer.from(`${token}:`).toString('base64')}`;

  function send(res, status, body, type = 'application/json') {
    res.writeHead(status, { 'content-type': type });
    res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
  }
  const error = (res, status, codigo, mensagem, erros) => send(res, status, erros ? { codigo, mensagem, erros } : { codigo, mensagem });

  /** The note as GET /v2/nfe/REF answers it (their examples, status by status). */
  function view(note, complete = false) {
    const v = { cnpj_emitente: note.cnpj, ref: note.ref, status: note.status };
    if (note.status === 'processando_autorizacao') return v;
    Object.assign(v, { status_sefaz: note.status_sefaz, mensagem_sefaz: note.mensagem_sefaz });
    if (note.chave) Object.assign(v, { chave_nfe: `NFe${note.chave}`, numero: String(note.numero), serie: String(note.serie) });
    if (note.status === 'autorizado' || note.status === 'cancelado') v.caminho_xml_nota_fiscal = note.xmlPath;
    if (note.status === 'autorizado') v.caminho_danfe = note.danfePath;
    if (note.status === 'cancelado') v.caminho_xml_cancelamento = note.cancelPath;
    if (complete && note.protocolo && note.status !== 'erro_autorizacao') {
      v.protocolo_nota_fiscal = { versao: '4.00', ambiente: environment === 'producao' ? '1' : '2', status: '100', motivo: 'Autorizado o uso da NF-e', chave_nfe: note.chave, numero_protocolo: note.protocolo };
    }
    return v;
  }

  /** Their first check of the data (a few of the schema's rules); null when it passes. */
  function validate(p) {
    const erros = [];
    if (!p.natureza_operacao) erros.push({ codigo: 'campo_obrigatorio', mensagem: 'natureza_operacao não informado', campo: 'natureza_operacao' });
    if (!/^\d{14}$/.test(String(p.cnpj_emitente ?? ''))) erros.push({ codigo: 'campo_invalido', mensagem: 'CNPJ do emitente inválido', campo: 'cnpj_emitente' });
    if (!p.cpf_destinatario && !p.cnpj_destinatario) erros.push({ mensagem: 'Preencha pelo menos um documento do destinatário: cnpj_destinatario ou cpf_destinatario', campo: null });
    if (!Array.isArray(p.items) || p.items.length === 0) erros.push({ codigo: 'campo_obrigatorio', mensagem: 'A nota precisa de ao menos um item', campo: 'items' });
    return erros.length ? erros : null;
  }

  function issue(res, ref, payload) {
    if (!ref) return error(res, 400, 'requisicao_invalida', 'Parâmetro "ref" não informado');
    if (!/^[A-Za-z0-9_-]+$/.test(ref)) return error(res, 400, 'requisicao_invalida', 'Referência inválida: não são permitidos caracteres especiais');
    const erros = validate(payload);
    if (erros) return error(res, 422, 'erro_validacao_schema', 'Erro na validação do Schema XML, verifique o detalhamento dos erros', erros);
    const content = canonical(payload);
    const existing = notes.get(ref);
    if (existing) {
      const same = existing.content === content;
      if (existing.status === 'processando_autorizacao') return same ? send(res, 202, view(existing)) : error(res, 422, 'em_processamento', 'Nota fiscal em processamento');
      if (existing.status === 'autorizado' || existing.status === 'cancelado') return same ? send(res, 200, view(existing)) : error(res, 422, 'nfe_autorizada', 'Nota fiscal já autorizada');
      if (existing.status === 'denegado') return same ? send(res, 200, view(existing)) : error(res, 422, 'nfe_denegada', 'Nota fiscal denegada não pode ser reenviada');
      // erro_autorizacao: the same ref goes back to processing with the data sent now.
      Object.assign(existing, { content, payload, status: 'processando_autorizacao', status_sefaz: null, mensagem_sefaz: null });
      onIssued?.(ref);
      return send(res, 202, view(existing));
    }
    const note = { ref, content, payload, cnpj: String(payload.cnpj_emitente), status: 'processando_autorizacao', status_sefaz: null, mensagem_sefaz: null, environment };
    notes.set(ref, note);
    onIssued?.(ref);
    return send(res, 202, view(note));
  }

  function cancel(res, ref, body) {
    const note = notes.get(ref);
    if (!note) return error(res, 404, 'nao_encontrado', 'Nota fiscal não encontrada');
    const justificativa = typeof body?.justificativa === 'string' ? body.justificativa : null;
    if (justificativa === null) return error(res, 400, 'requisicao_invalida', 'Parâmetro "justificativa" não informado');
    if (justificativa.length < 15 || justificativa.length > 255) return error(res, 400, 'requisicao_invalida', 'Parâmetro "justificativa" deve ter entre 15 e 255 caracteres');
    if (note.status === 'cancelado') return error(res, 400, 'nfe_cancelada', 'Nota fiscal já cancelada');
    if (note.status !== 'autorizado') return error(res, 422, 'nfe_nao_autorizada', 'Nota fiscal não autorizada');
    if (clock() - note.authorizedAt > DAY_MS) {
      return send(res, 422, { status: 'erro_cancelamento', status_sefaz: '501', mensagem_sefaz: 'Rejeicao: Prazo de Cancelamento Superior ao Previsto na Legislacao' });
    }
    const at = clock();
    note.cancelPath = note.xmlPath.replace(/-nfe\.xml$/, '-can.xml');
    files.set(note.cancelPath, { type: 'application/xml', body: Buffer.from(cancelXml(note, at, justificativa)) });
    Object.assign(note, { status: 'cancelado', status_sefaz: '135', mensagem_sefaz: 'Evento registrado e vinculado a NF-e', canceledAt: at });
    return send(res, 200, { status_sefaz: '135', mensagem_sefaz: 'Evento registrado e vinculado a NF-e', status: 'cancelado', caminho_xml_cancelamento: note.cancelPath });
  }

  function registerHook(res, body) {
    const events = ['nfe', 'nfse', 'nfce_contingencia', 'nfce_correcao_timeout', 'nfe_recebida', 'nfse_recebida', 'inutilizacao', 'cte', 'mdfe'];
    if (!events.includes(body?.event)) return error(res, 400, 'requisicao_invalida', 'Parâmetro "event" deve ser um evento válido.');
    let valid = false;
    try {
      valid = ['http:', 'https:'].includes(new URL(String(body.url)).protocol);
    } catch {
      valid = false;
    }
    if (!valid) return error(res, 400, 'requisicao_invalida', `URL inválida: ${body.url}`);
    const hook = {
      id: createHash('sha256').update(`${++sequence}${body.url}`).digest('base64url').slice(0, 8),
      url: body.url,
      authorization: body.authorization ?? null,
      authorization_header: body.authorization_header ?? null,
      event: body.event,
      cnpj: body.cnpj ?? null,
    };
    hooks.push(hook);
    return send(res, 200, hook);
  }

  const server = createServer(async (req, res) => {
    const url = new URL(req.url, 'http://local');
    const chunks = [];
    for await (const c of req) chunks.push(c);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body = {};
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      body = null;
    }
    requests.push({
      method: req.method,
      path: url.pathname,
      query: url.search,
      headers: { authorization: req.headers.authorization ?? null, accept: req.headers.accept ?? null, 'content-type': req.headers['content-type'] ?? null },
      body,
    });
    // A slow API: the answer (whatever it is) comes this much later.
    if (control.delayMs) {
      await new Promise((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, control.delayMs);
        timers.add(timer);
      });
      if (res.destroyed || req.socket.destroyed) return;
    }
    const next = canned.shift();
    if (next) return send(res, next.status, next.raw);
    if (req.headers.authorization !== expectedAuth) return error(res, 401, 'nao_autorizado', 'Token de acesso inválido ou não informado');
    // The files of the notes (their links are plain GETs on the same host).
    if (req.method === 'GET' && files.has(url.pathname)) {
      const file = files.get(url.pathname);
      return send(res, 200, file.body, file.type);
    }
    if (body === null) return error(res, 415, 'requisicao_invalida', 'JSON inválido');
    let m;
    if (req.method === 'POST' && url.pathname === '/v2/nfe') return issue(res, url.searchParams.get('ref'), body);
    if ((m = /^\/v2\/nfe\/([^/]+)$/.exec(url.pathname))) {
      const ref = decodeURIComponent(m[1]);
      if (req.method === 'GET') {
        const note = notes.get(ref);
        return note ? send(res, 200, view(note, url.searchParams.get('completa') === '1')) : error(res, 404, 'nao_encontrado', 'Nota fiscal não encontrada');
      }
      if (req.method === 'DELETE') return cancel(res, ref, body);
    }
    if (req.method === 'POST' && url.pathname === '/v2/hooks') return registerHook(res, body);
    if (req.method !== 'POST' && url.pathname === '/v2/nfe') return error(res, 404, 'nao_encontrado', 'Utilize o método POST');
    return error(res, 404, 'nao_encontrado', 'Recurso não encontrado');
  });
  server.keepAliveTimeout = 65_000;
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${server.address().port}`;

  /**
   * Calls every 'nfe' hook with the note as the status answer shows it, with the authorization
   * the hook was registered with (or `authorization`, a forgery). Answers what the store replied.
   * @param {string} ref
   * @param {{ authorization?: string | null }} [options]
   */
  async function notify(ref, options = {}) {
    const note = notes.get(ref);
    if (!note) throw new Error(`nota ${ref} desconhecida`);
    const results = [];
    for (const hook of hooks.filter((h) => h.event === 'nfe' && (!h.cnpj || h.cnpj === note.cnpj))) {
      const headers = { 'content-type': 'application/json' };
      const authorization = options.authorization === undefined ? hook.authorization : options.authorization;
      if (authorization !== null) headers[(hook.authorization_header ?? 'Authorization').toLowerCase()] = authorization;
      const response = await fetch(hook.url, { method: 'POST', headers, body: JSON.stringify(view(note)) });
      results.push({ status: response.status, body: await response.text() });
    }
    return results;
  }

  function processing(ref) {
    const note = notes.get(ref);
    if (!note) throw new Error(`nota ${ref} desconhecida`);
    if (note.status !== 'processando_autorizacao') throw new Error(`nota ${ref} não está em processamento (${note.status})`);
    return note;
  }

  /** Number, series, a chave with its check digit and a protocol, as SEFAZ gives them. */
  function number(note) {
    const at = clock();
    const date = new Date(at);
    const yymm = `${String(date.getUTCFullYear()).slice(2)}${String(date.getUTCMonth() + 1).padStart(2, '0')}`;
    const cUF = UF_CODES[String(note.payload.uf_emitente ?? 'SP').toUpperCase()] ?? '35';
    note.numero = ++numero;
    note.serie = Number(note.payload.serie ?? 1);
    const first43 = `${cUF}${yymm}${note.cnpj.padStart(14, '0')}55${String(note.serie).padStart(3, '0')}${String(note.numero).padStart(9, '0')}1${String(randomInt(0, 1e8)).padStart(8, '0')}`;
    note.chave = `${first43}${accessKeyDigit(first43)}`;
    note.protocolo = `1${cUF}${yymm.slice(0, 2)}${String(++sequence).padStart(10, '0')}`;
    const folder = `/arquivos_development/${note.cnpj}/${date.getUTCFullYear()}${yymm.slice(2)}`;
    note.xmlPath = `${folder}/XMLs/${note.chave}-nfe.xml`;
    note.danfePath = `${folder}/DANFEs/${note.chave}.pdf`;
    return at;
  }

  return {
    url,
    token,
    control,
    notes,
    files,
    hooks,
    requests,
    /** Every answer comes `ms` later (0: at once). */
    setDelay: (ms) => void (control.delayMs = ms),
    /** The next request answers `status` with their error body (or `raw`, sent as is). */
    failNext: (status, raw = JSON.stringify({ codigo: status >= 500 ? 'erro_interno' : 'requisicao_invalida', mensagem: status >= 500 ? 'Erro interno do servidor' : 'Erro de teste' })) =>
      void canned.push({ status, raw }),
    /** The next request answers this text as is (a lying or truncated answer), 200 by default. */
    answerNext: (raw, status = 200) => void canned.push({ status, raw: typeof raw === 'string' ? raw : JSON.stringify(raw) }),
    /** Moves the stand-in's clock (the 24 h a note may be cancelled in). */
    advanceClock: (ms) => void (control.offsetMs += ms),
    /**
     * SEFAZ authorises the note: number, series, chave, protocol, the XML and the DANFE at their
     * caminho_*; then, unless `notify: false`, the hooks are called.
     * @param {string} ref
     * @param {{ notify?: boolean, authorization?: string | null }} [options]
     */
    async authorize(ref, options = {}) {
      const note = processing(ref);
      const at = number(note);
      Object.assign(note, { status: 'autorizado', status_sefaz: '100', mensagem_sefaz: 'Autorizado o uso da NF-e', authorizedAt: at });
      files.set(note.xmlPath, { type: 'application/xml', body: Buffer.from(nfeXml(note, at)) });
      files.set(note.danfePath, {
        type: 'application/pdf',
        body: tinyPdf(['DANFE - Documento Auxiliar da Nota Fiscal Eletronica', `NF-e no ${note.numero} serie ${note.serie}`, `Chave de acesso ${note.chave}`, `Protocolo ${note.protocolo}`]),
      });
      return options.notify === false ? [] : notify(ref, options);
    },
    /**
     * SEFAZ rejects it (erro_autorizacao): the same ref may be sent again with corrected data.
     * @param {string} ref
     * @param {string} [mensagem]
     * @param {{ statusSefaz?: string, notify?: boolean }} [options]
     */
    async reject(ref, mensagem = 'Rejeicao: Erro nao catalogado', options = {}) {
      const note = processing(ref);
      Object.assign(note, { status: 'erro_autorizacao', status_sefaz: options.statusSefaz ?? '999', mensagem_sefaz: mensagem });
      return options.notify === false ? [] : notify(ref);
    },
    /**
     * SEFAZ denies it (denegado): numbered, never to be sent again.
     * @param {string} ref
     * @param {{ notify?: boolean }} [options]
     */
    async deny(ref, options = {}) {
      const note = processing(ref);
      const at = number(note);
      Object.assign(note, { status: 'denegado', status_sefaz: '302', mensagem_sefaz: 'Uso Denegado: Irregularidade fiscal do destinatario', authorizedAt: at });
      files.set(note.xmlPath, { type: 'application/xml', body: Buffer.from(nfeXml(note, at)) });
      return options.notify === false ? [] : notify(ref);
    },
    notify,
    close: () =>
      new Promise((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
        server.close(resolve);
        server.closeAllConnections();
      }),
  };
}

// `node tests/support/focusnfe-api.mjs`: the stand-in on FOCUSNFE_FAKE_PORT for the e2e suite's stores,
// SEFAZ authorising each note FOCUSNFE_FAKE_AUTHORIZE_MS after it is sent (their notice then reaches the
// hook the store registered), as homologação usually does within seconds.
if (import.meta.url === `file://${process.argv[1]}`) {
  const delayMs = Number(process.env.FOCUSNFE_FAKE_AUTHORIZE_MS ?? 300);
  /** @type {Awaited<ReturnType<typeof startFocusNfeApi>>} */
  let api;
  api = await startFocusNfeApi({
    port: Number(process.env.FOCUSNFE_FAKE_PORT ?? 3295),
    token: process.env.FOCUSNFE_TOKEN,
    onIssued: (ref) =>
      setTimeout(() => {
        api.authorize(ref).catch((error) => console.error(`autorização de ${ref} falhou: ${error.message}`));
      }, delayMs),
  });
  console.log(`Focus NFe de teste em ${api.url}`);
}
