import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { legalPages, SEEDED_TEXT_HASHES } from './legal';

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const page = (slug: string) => legalPages.find((p) => p.slug === slug)!.content;

describe('seeded legal texts', () => {
  it('list the hash of every text they ever seeded, the current one last (a changed text appends its hash)', () => {
    for (const { slug, content } of legalPages) {
      const hashes = SEEDED_TEXT_HASHES[slug];
      expect(hashes.at(-1), `${slug}: append sha256 of the new text to SEEDED_TEXT_HASHES`).toBe(sha256(content));
      expect(new Set(hashes).size).toBe(hashes.length);
      for (const h of hashes) expect(h).toMatch(/^[0-9a-f]{64}$/);
    }
  });

  it('Trocas e Devoluções describe the withdrawal and returns flow of the order page, with its deadlines', () => {
    const text = page('trocas-devolucoes');
    for (const expected of [
      '"Desistir da compra"',
      'Meus Pedidos',
      '7 (sete) dias corridos',
      'art. 49',
      'cancelado e reembolsado na hora',
      'chave Pix',
      'número de protocolo',
      'nunca passa de 5 dias',
      'postagem reversa',
      'coleta',
      'inclusive o frete',
      '30 (trinta) dias',
      'arts. 18 e 26',
      '7 dias da contratação',
    ]) {
      expect(text).toContain(expected);
    }
  });

  it('the Termos de Uso describe the contract summary, the versioned acceptance and the same withdrawal', () => {
    const text = page('termos-uso');
    for (const expected of ['resumo do contrato', 'Li e aceito os Termos de Uso', 'versão', 'hash', '"Desistir da compra"', '7 dias corridos após o recebimento', 'inclusive do frete', '/trocas-devolucoes']) {
      expect(text).toContain(expected);
    }
  });
});
