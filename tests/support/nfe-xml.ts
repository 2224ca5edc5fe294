// An authorised NF-e's XML (nfeProc, layout 4.00) as SEFAZ returns it, for tests that attach one to a
// real order: the issuer, the recipient, the total (vNF), the environment and the number are the
// test's; the access key is computed from them with a valid check digit. The e2e suite (Node) and
// the integration tests share it.

/** The access key's mod-11 check digit (weights 2..9 from the right; remainder 0 or 1 → 0). */
function checkDigit(first43: string): number {
  const values = [...first43].map((c) => c.charCodeAt(0) - 48).reverse();
  const sum = values.reduce((acc, value, i) => acc + value * ((i % 8) + 2), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

export type NfeSample = {
  /** The issuer's CNPJ, digits only. */
  cnpj: string;
  /** The recipient's CPF (11 digits) or CNPJ (14 characters). */
  buyer: string;
  /** The note's total in cents (vNF). */
  totalCents: number;
  /** 'producao' (tpAmb 1) or 'homologacao' (tpAmb 2). */
  environment: 'producao' | 'homologacao';
  number: number;
  series?: number;
  /** The protocol's cStat (100 authorised). */
  cStat?: number;
  /** dhRecbto; default 2026-11-20T10:16:02-03:00. */
  receivedAt?: string;
};

export function nfeAccessKey(s: { cnpj: string; series: number; number: number }): string {
  const first43 = `352611${s.cnpj}55${String(s.series).padStart(3, '0')}${String(s.number).padStart(9, '0')}1${'12345678'}`;
  return first43 + String(checkDigit(first43));
}

const money = (cents: number) => `${Math.floor(cents / 100)}.${String(cents % 100).padStart(2, '0')}`;

export function sampleNfeXml(s: NfeSample): { xml: string; key: string } {
  const series = s.series ?? 1;
  const key = nfeAccessKey({ cnpj: s.cnpj, series, number: s.number });
  const tpAmb = s.environment === 'producao' ? '1' : '2';
  const buyerTag = s.buyer.length === 11 ? 'CPF' : 'CNPJ';
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">
  <NFe xmlns="http://www.portalfiscal.inf.br/nfe">
    <infNFe Id="NFe${key}" versao="4.00">
      <ide><cUF>35</cUF><cNF>12345678</cNF><natOp>Venda de mercadoria</natOp><mod>55</mod><serie>${series}</serie><nNF>${s.number}</nNF>
        <dhEmi>2026-11-20T10:15:00-03:00</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis>
        <cDV>${key.slice(43)}</cDV><tpAmb>${tpAmb}</tpAmb><finNFe>1</finNFe><indFinal>1</indFinal><indPres>2</indPres><procEmi>0</procEmi><verProc>ERP 1.0</verProc></ide>
      <emit><CNPJ>${s.cnpj}</CNPJ><xNome>Clarear Produtos de Limpeza Ltda</xNome>
        <enderEmit><xLgr>Rua de Exemplo</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01001000</CEP></enderEmit>
        <IE>110042490114</IE><CRT>1</CRT></emit>
      <dest><${buyerTag}>${s.buyer}</${buyerTag}><xNome>Cliente de Teste</xNome><indIEDest>9</indIEDest></dest>
      <det nItem="1"><prod><cProd>ITEM-1</cProd><cEAN>SEM GTIN</cEAN><xProd>Mercadorias do pedido</xProd><NCM>34022000</NCM><CFOP>5102</CFOP><uCom>UN</uCom>
        <qCom>1.0000</qCom><vUnCom>${money(s.totalCents)}</vUnCom><vProd>${money(s.totalCents)}</vProd><indTot>1</indTot></prod>
        <imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>
      <total><ICMSTot><vProd>${money(s.totalCents)}</vProd><vNF>${money(s.totalCents)}</vNF></ICMSTot></total>
      <transp><modFrete>0</modFrete></transp>
    </infNFe>
  </NFe>
  <protNFe versao="4.00"><infProt><tpAmb>${tpAmb}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic><chNFe>${key}</chNFe>
    <dhRecbto>${s.receivedAt ?? '2026-11-20T10:16:02-03:00'}</dhRecbto><nProt>135260000${String(s.number).padStart(6, '0')}</nProt><cStat>${s.cStat ?? 100}</cStat><xMotivo>Autorizado o uso da NF-e</xMotivo></infProt></protNFe>
</nfeProc>`;
  return { xml, key };
}

/** A one-page PDF's first bytes (the store checks the %PDF signature only). */
export const SAMPLE_DANFE = `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`;

/** The cancellation event of the note `key` as SEFAZ registers it (procEventoNFe, 110111, cStat 135). */
export function sampleCancellationXml(key: string, options: { cStat?: number } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00">
  <evento xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><infEvento Id="ID110111${key}01"><cOrgao>35</cOrgao><tpAmb>2</tpAmb><CNPJ>${key.slice(6, 20)}</CNPJ>
    <chNFe>${key}</chNFe><dhEvento>2026-11-21T09:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento>
    <detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135260000123456</nProt><xJust>Pedido cancelado pelo cliente</xJust></detEvento></infEvento></evento>
  <retEvento versao="1.00"><infEvento><tpAmb>2</tpAmb><verAplic>SP_EVENTOS_PL_100</verAplic><cOrgao>35</cOrgao><cStat>${options.cStat ?? 135}</cStat>
    <xMotivo>Evento registrado e vinculado a NF-e</xMotivo><chNFe>${key}</chNFe><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento>
    <dhRegEvento>2026-11-21T09:00:05-03:00</dhRegEvento><nProt>135260000999999</nProt></infEvento></retEvento>
</procEventoNFe>`;
}
