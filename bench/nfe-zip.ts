// How the month's XML ZIP (issue 34, /admin/notas-fiscais/2026-11.zip) costs: zipStream of
// app/server/invoices/monthly-zip.server.ts over NOTES notes (default 1,000; a third cancelled, so
// with their cancellation XML too), each an NF-e XML of ~8 KB with its own key, number, items and
// signature, read from an in-memory storage (the disk or S3 add their own reads). Prints the time to
// the last byte, the ZIP's size, the longest single step that held the event loop, and the memory
// the process grew by (RSS and heap) — the stream reads one file at a time, so it should not grow
// with the month. Usage: npx tsx bench/nfe-zip.ts   (NOTES=5000 for a bigger month; not a test).
import { randomBytes } from 'node:crypto';
import { loadavg } from 'node:os';
import type { FileStorage, StoredFile } from '~/server/storage/file-storage.server';
import { zipStream, type ZipEntry } from '~/server/invoices/monthly-zip.server';

const NOTES = Number(process.env.NOTES ?? 1000);

function nfeXml(n: number): Uint8Array<ArrayBuffer> {
  const key = `3526111122233300018155001${String(n).padStart(9, '0')}1${String(n * 7919).padStart(8, '0').slice(-8)}`;
  const items = Array.from({ length: 8 }, (_, i) =>
    `<det nItem="${i + 1}"><prod><cProd>SKU-${n}-${i}</cProd><cEAN>789${String(n * 10 + i).padStart(10, '0')}</cEAN><xProd>Detergente neutro concentrado ${i} 500 mL</xProd><NCM>34022000</NCM><CFOP>5102</CFOP><uCom>UN</uCom><qCom>${i + 1}.0000</qCom><vUnCom>12.90</vUnCom><vProd>${(12.9 * (i + 1)).toFixed(2)}</vProd></prod><imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS><PIS><PISOutr><CST>99</CST><vBC>0.00</vBC><pPIS>0.00</pPIS><vPIS>0.00</vPIS></PISOutr></PIS></imposto></det>`,
  ).join('');
  const signature = randomBytes(1024).toString('base64');
  const xml = `<?xml version="1.0" encoding="UTF-8"?><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00"><NFe><infNFe Id="NFe${key}" versao="4.00"><ide><cUF>35</cUF><nNF>${n}</nNF><serie>1</serie><dhEmi>2026-11-10T12:00:00-03:00</dhEmi></ide><emit><CNPJ>11222333000181</CNPJ><xNome>Clarear Produtos de Limpeza Ltda.</xNome></emit><dest><CPF>52998224725</CPF><xNome>Cliente ${n}</xNome></dest>${items}<total><ICMSTot><vNF>199.90</vNF></ICMSTot></total></infNFe><Signature><SignatureValue>${signature}</SignatureValue><X509Certificate>${randomBytes(1400).toString('base64')}</X509Certificate></Signature></NFe><protNFe><infProt><chNFe>${key}</chNFe><nProt>1352600000${n}</nProt></infProt></protNFe></nfeProc>`;
  return new TextEncoder().encode(xml);
}

const files = new Map<string, Uint8Array<ArrayBuffer>>();
const entries: ZipEntry[] = [];
for (let n = 1; n <= NOTES; n++) {
  const key = `private/nfe/2026/11/nota-${n}-nfe.xml`;
  files.set(key, nfeXml(n));
  entries.push({ key, date: new Date('2026-11-10T15:00:00Z') });
  if (n % 3 === 0) {
    const cancel = `private/nfe/2026/11/nota-${n}-cancelamento.xml`;
    files.set(cancel, new TextEncoder().encode(`<?xml version="1.0"?><procEventoNFe versao="1.00"><evento><infEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><xJust>Pedido cancelado pelo cliente antes do envio</xJust></infEvento><Signature>${randomBytes(1024).toString('base64')}</Signature></evento></procEventoNFe>`));
    entries.push({ key: cancel, date: new Date('2026-11-10T15:00:00Z') });
  }
}
const inputBytes = [...files.values()].reduce((sum, f) => sum + f.length, 0);

const storage = {
  async open(key: string): Promise<StoredFile | null> {
    const bytes = files.get(key);
    if (!bytes) return null;
    return { body: new Blob([bytes]).stream(), size: bytes.length, contentType: 'application/xml' };
  },
} as unknown as FileStorage;

(globalThis as { gc?: () => void }).gc?.();
const before = process.memoryUsage();
let peakRss = before.rss;
let peakHeap = before.heapUsed;
const started = performance.now();
const stream = await zipStream(entries, storage);
if (!stream) throw new Error('nada a compactar');
let zipBytes = 0;
let chunks = 0;
// The longest stretch between two chunks: how long one step held the event loop.
let longestStep = 0;
let last = performance.now();
const reader = stream.getReader();
for (;;) {
  const { done, value } = await reader.read();
  const at = performance.now();
  longestStep = Math.max(longestStep, at - last);
  last = at;
  if (done) break;
  zipBytes += value.length;
  // Sampled: reading the process's memory costs more than a chunk.
  if (++chunks % 200 === 0) {
    const m = process.memoryUsage();
    peakRss = Math.max(peakRss, m.rss);
    peakHeap = Math.max(peakHeap, m.heapUsed);
  }
}
const ms = performance.now() - started;
const mb = (b: number) => `${(b / 1024 / 1024).toFixed(1)} MB`;
console.log(`carga da máquina: ${loadavg().map((l) => l.toFixed(2)).join(' ')}`);
console.log(`${NOTES} notas, ${entries.length} XMLs, ${mb(inputBytes)} de XML (média ${(inputBytes / entries.length / 1024).toFixed(1)} KB)`);
console.log(`ZIP: ${mb(zipBytes)} em ${ms.toFixed(0)} ms (${((entries.length / ms) * 1000).toFixed(0)} arquivos/s)`);
console.log(`${chunks} pedaços; maior intervalo entre dois: ${longestStep.toFixed(1)} ms`);
console.log(`memória durante o ZIP: RSS +${mb(peakRss - before.rss)}, heap +${mb(peakHeap - before.heapUsed)} (os ${mb(inputBytes)} de entrada já estavam em memória antes)`);
