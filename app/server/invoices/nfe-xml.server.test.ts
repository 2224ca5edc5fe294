import { describe, expect, it } from 'vitest';
import { formatBRL } from '~/lib/money';
import { checkNfeAgainstOrder, NFE_XML_MAX_BYTES, NfeXmlError, readNfeXml, type NfeDocument } from './nfe-xml.server';

// The store (Clarear, SP) and a buyer with a CPF. Both check digits valid.
const STORE_CNPJ = '11222333000181';
const OTHER_CNPJ = '11444777000161';
const BUYER_CPF = '52998224725';
const OTHER_CPF = '11144477735';

/** The test's own mod-11 (weights 2..9 from the right, remainder 0 or 1 → 0), characters as code − 48. */
function checkDigit(first43: string): number {
  const values = [...first43].map((c) => c.charCodeAt(0) - 48).reverse();
  const sum = values.reduce((acc, value, i) => acc + value * ((i % 8) + 2), 0);
  const rest = sum % 11;
  return rest < 2 ? 0 : 11 - rest;
}

type Sample = {
  cnpj?: string;
  model?: string;
  series?: number;
  number?: number;
  buyer?: string;
  buyerTag?: 'CPF' | 'CNPJ';
  vNF?: string;
  cStat?: string;
  xMotivo?: string;
  tpAmb?: string;
  /** Replaces the computed key's last character. */
  badDigit?: boolean;
  /** The protocol's chNFe, when not the note's key. */
  protocolKey?: string;
  withProtocol?: boolean;
};

function keyFor(s: { cnpj: string; model: string; series: number; number: number }): string {
  const first43 = `35${'2611'}${s.cnpj}${s.model}${String(s.series).padStart(3, '0')}${String(s.number).padStart(9, '0')}1${'12345678'}`;
  return first43 + String(checkDigit(first43));
}

/** A realistic nfeProc (layout 4.00) as SEFAZ returns it, namespaces included. */
function sampleXml(options: Sample = {}): { xml: string; key: string } {
  const cnpj = options.cnpj ?? STORE_CNPJ;
  const model = options.model ?? '55';
  const series = options.series ?? 1;
  const number = options.number ?? 1234;
  let key = keyFor({ cnpj, model, series, number });
  if (options.badDigit) key = key.slice(0, 43) + String((Number(key.slice(43)) + 1) % 10);
  const buyerTag = options.buyerTag ?? 'CPF';
  const protocol =
    options.withProtocol === false
      ? ''
      : `<protNFe versao="4.00"><infProt Id="ID135260000123456"><tpAmb>${options.tpAmb ?? '1'}</tpAmb><verAplic>SP_NFE_PL009_V4</verAplic>` +
        `<chNFe>${options.protocolKey ?? key}</chNFe><dhRecbto>2026-11-20T10:16:02-03:00</dhRecbto><nProt>135260000123456</nProt>` +
        `<digVal>x0aH3Zr0xbq1NVl3vXQ1Jm0sP0Q=</digVal><cStat>${options.cStat ?? '100'}</cStat><xMotivo>${options.xMotivo ?? 'Autorizado o uso da NF-e'}</xMotivo></infProt></protNFe>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?>
<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">
  <NFe xmlns="http://www.portalfiscal.inf.br/nfe">
    <infNFe Id="NFe${key}" versao="4.00">
      <ide><cUF>35</cUF><cNF>12345678</cNF><natOp>Venda de produção do estabelecimento</natOp><mod>${model}</mod><serie>${series}</serie><nNF>${number}</nNF>
        <dhEmi>2026-11-20T10:15:00-03:00</dhEmi><tpNF>1</tpNF><idDest>1</idDest><cMunFG>3550308</cMunFG><tpImp>1</tpImp><tpEmis>1</tpEmis>
        <cDV>${key.slice(43)}</cDV><tpAmb>${options.tpAmb ?? '1'}</tpAmb><finNFe>1</finNFe><indFinal>1</indFinal><indPres>2</indPres><procEmi>0</procEmi><verProc>ERP 1.0</verProc></ide>
      <emit><CNPJ>${cnpj}</CNPJ><xNome>Clarear Produtos de Limpeza Ltda &amp; Cia</xNome><xFant>Clarear</xFant>
        <enderEmit><xLgr>Rua das Flores</xLgr><nro>100</nro><xBairro>Centro</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01001000</CEP><cPais>1058</cPais><xPais>Brasil</xPais></enderEmit>
        <IE>111222333444</IE><CRT>1</CRT></emit>
      <dest><${buyerTag}>${options.buyer ?? BUYER_CPF}</${buyerTag}><xNome>Maria da Silva</xNome>
        <enderDest><xLgr>Av. Paulista</xLgr><nro>1000</nro><xBairro>Bela Vista</xBairro><cMun>3550308</cMun><xMun>São Paulo</xMun><UF>SP</UF><CEP>01310100</CEP></enderDest>
        <indIEDest>9</indIEDest></dest>
      <det nItem="1"><prod><cProd>DET-5L</cProd><cEAN>SEM GTIN</cEAN><xProd>Detergente neutro 5 L</xProd><NCM>34022000</NCM><CFOP>5101</CFOP><uCom>GL</uCom>
        <qCom>2.0000</qCom><vUnCom>45.0000000000</vUnCom><vProd>90.00</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>GL</uTrib><qTrib>2.0000</qTrib><vUnTrib>45.0000000000</vUnTrib><indTot>1</indTot></prod>
        <imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>
      <det nItem="2"><prod><cProd>DES-1L</cProd><cEAN>SEM GTIN</cEAN><xProd><![CDATA[Desinfetante "pinho" 1 L]]></xProd><NCM>38089419</NCM><CFOP>5101</CFOP><uCom>UN</uCom>
        <qCom>3.0000</qCom><vUnCom>12.5000000000</vUnCom><vProd>37.50</vProd><cEANTrib>SEM GTIN</cEANTrib><uTrib>UN</uTrib><qTrib>3.0000</qTrib><vUnTrib>12.5000000000</vUnTrib><indTot>1</indTot></prod>
        <imposto><ICMS><ICMSSN102><orig>0</orig><CSOSN>102</CSOSN></ICMSSN102></ICMS></imposto></det>
      <total><ICMSTot><vBC>0.00</vBC><vICMS>0.00</vICMS><vProd>127.50</vProd><vFrete>22.50</vFrete><vDesc>0.00</vDesc><vNF>${options.vNF ?? '150.00'}</vNF></ICMSTot></total>
      <transp><modFrete>0</modFrete></transp>
      <pag><detPag><tPag>17</tPag><vPag>150.00</vPag></detPag></pag>
    </infNFe>
    <Signature xmlns="http://www.w3.org/2000/09/xmldsig#"><SignedInfo><Reference URI="#NFe${key}"><DigestValue>x0aH3Zr0xbq1NVl3vXQ1Jm0sP0Q=</DigestValue></Reference></SignedInfo><SignatureValue>AAAA</SignatureValue></Signature>
  </NFe>
  ${protocol}
</nfeProc>`;
  return { xml, key };
}

const ORDER = { storeCnpj: '11.222.333/0001-81', buyerTaxId: '529.982.247-25', totalCents: 15000 };

const problemsOf = (sample: Sample, order: Partial<typeof ORDER> = {}) => checkNfeAgainstOrder(readNfeXml(sampleXml(sample).xml), { ...ORDER, ...order });

function refusal(read: () => unknown): string {
  try {
    read();
  } catch (error) {
    expect(error).toBeInstanceOf(NfeXmlError);
    return (error as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('readNfeXml', () => {
  it('reads an authorised nfeProc: key, number, parties, total in cents, items and protocol', () => {
    const { xml, key } = sampleXml();
    const doc = readNfeXml(xml);
    expect(doc).toEqual<NfeDocument>({
      accessKey: key,
      number: 1234,
      series: 1,
      model: 55,
      issuedAt: '2026-11-20T10:15:00-03:00',
      environment: 'producao',
      issuer: { cnpj: STORE_CNPJ, name: 'Clarear Produtos de Limpeza Ltda & Cia' },
      recipient: { taxId: BUYER_CPF, kind: 'cpf', name: 'Maria da Silva' },
      totalCents: 15000,
      items: [
        { number: 1, code: 'DET-5L', description: 'Detergente neutro 5 L', quantity: '2.0000', unit: 'GL', totalCents: 9000 },
        { number: 2, code: 'DES-1L', description: 'Desinfetante "pinho" 1 L', quantity: '3.0000', unit: 'UN', totalCents: 3750 },
      ],
      protocol: { number: '135260000123456', status: 100, reason: 'Autorizado o uso da NF-e', receivedAt: '2026-11-20T10:16:02-03:00' },
      cancelled: false,
    });
    expect(checkNfeAgainstOrder(doc, ORDER)).toEqual([]);
  });

  it('reads the same XML from a Buffer, with a byte order mark', () => {
    const { xml, key } = sampleXml();
    const doc = readNfeXml(Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(xml, 'utf8')]));
    expect(doc.accessKey).toBe(key);
    expect(doc.issuer.name).toBe('Clarear Produtos de Limpeza Ltda & Cia');
  });

  it('reads a company buyer and an alphanumeric CNPJ (since July 2026), compared upper case', () => {
    // 12ABC34501DE35: a valid alphanumeric CNPJ (check digits with A = 17).
    const doc = readNfeXml(sampleXml({ cnpj: '12ABC34501DE35', buyerTag: 'CNPJ', buyer: OTHER_CNPJ }).xml);
    expect(doc.issuer.cnpj).toBe('12ABC34501DE35');
    expect(doc.recipient).toEqual({ taxId: OTHER_CNPJ, kind: 'cnpj', name: 'Maria da Silva' });
    expect(checkNfeAgainstOrder(doc, { storeCnpj: '12.abc.345/01de-35', buyerTaxId: '11.444.777/0001-61', totalCents: 15000 })).toEqual([]);
  });

  it('flags a cancelled protocol and a note without its protocol', () => {
    const cancelled = readNfeXml(sampleXml({ cStat: '101', xMotivo: 'Cancelamento de NF-e homologado' }).xml);
    expect(cancelled.cancelled).toBe(true);
    expect(checkNfeAgainstOrder(cancelled, ORDER)).toEqual(['A nota foi cancelada na SEFAZ (situação 101).']);
    const bare = readNfeXml(sampleXml({ withProtocol: false }).xml);
    expect(bare.protocol).toBeNull();
    expect(checkNfeAgainstOrder(bare, ORDER)).toEqual([
      'O XML não traz o protocolo de autorização da SEFAZ (protNFe): anexe o XML da nota autorizada (nfeProc).',
    ]);
  });

  it('refuses a cancellation event XML, saying what it is', () => {
    const { key } = sampleXml();
    const event = `<?xml version="1.0" encoding="UTF-8"?><procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento versao="1.00"><infEvento Id="ID110111${key}01"><cOrgao>35</cOrgao><tpAmb>1</tpAmb><CNPJ>${STORE_CNPJ}</CNPJ><chNFe>${key}</chNFe><dhEvento>2026-11-20T12:00:00-03:00</dhEvento><tpEvento>110111</tpEvento><nSeqEvento>1</nSeqEvento><verEvento>1.00</verEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento><nProt>135260000123456</nProt><xJust>Pedido cancelado pelo cliente</xJust></detEvento></infEvento></evento></procEventoNFe>`;
    expect(refusal(() => readNfeXml(event))).toMatch(/cancelamento de uma NF-e \(evento 110111\)/);
  });

  it('refuses a modelo 65 (NFC-e)', () => {
    expect(refusal(() => readNfeXml(sampleXml({ model: '65' }).xml))).toBe('A nota é uma NFC-e (modelo 65): anexe uma NF-e modelo 55.');
  });

  it('refuses a protocol of another note', () => {
    const other = keyFor({ cnpj: STORE_CNPJ, model: '55', series: 1, number: 999 });
    expect(refusal(() => readNfeXml(sampleXml({ protocolKey: other }).xml))).toMatch(/protocolo é de outra NF-e/);
  });

  it('refuses malformed XML', () => {
    const { xml } = sampleXml();
    expect(refusal(() => readNfeXml(xml.replace('</emit>', '')))).toMatch(/^O XML da NF-e está malformado \(linha \d+\)/);
    expect(refusal(() => readNfeXml('isto não é XML'))).toMatch(/não é o XML de uma NF-e/);
    expect(refusal(() => readNfeXml(''))).toBe('O arquivo está vazio: anexe o XML da NF-e.');
    expect(refusal(() => readNfeXml(Buffer.from([0x3c, 0x61, 0x3e, 0xff, 0xfe, 0x3c, 0x2f, 0x61, 0x3e])))).toBe('O XML da NF-e não está em UTF-8.');
  });

  it('refuses a DOCTYPE and entities: the billion laughs never expands', () => {
    const laughs = [`<!ENTITY lol "lol">`];
    for (let i = 1; i <= 9; i++) laughs.push(`<!ENTITY lol${i} "${`&lol${i === 1 ? '' : i - 1};`.repeat(10)}">`);
    const bomb = `<?xml version="1.0"?><!DOCTYPE nfeProc [${laughs.join('')}]><nfeProc xmlns="http://www.portalfiscal.inf.br/nfe"><NFe><infNFe Id="NFe&lol9;"/></NFe></nfeProc>`;
    const started = performance.now();
    const message = refusal(() => readNfeXml(bomb));
    expect(message).toBe('O XML tem uma declaração DOCTYPE ou ENTITY, que uma NF-e não tem; o arquivo foi recusado.');
    expect(message).not.toContain('lollol');
    expect(performance.now() - started).toBeLessThan(1000);

    const external = sampleXml().xml.replace('<nfeProc', '<!doctype nfeProc [<!ENTITY x SYSTEM "file:///etc/passwd">]>\n<nfeProc').replace('Maria da Silva', '&x;');
    expect(refusal(() => readNfeXml(external))).toMatch(/DOCTYPE ou ENTITY/);
  });

  it('keeps an undeclared entity reference as written, never expanded', () => {
    const doc = readNfeXml(sampleXml().xml.replace('Maria da Silva', 'Maria &x; &#77;'));
    expect(doc.recipient.name).toBe('Maria &x; M');
  });

  it('refuses an input over 1 MB before reading it', () => {
    const { xml } = sampleXml();
    const padded = xml.replace('</nfeProc>', `<!-- ${'x'.repeat(NFE_XML_MAX_BYTES)} --></nfeProc>`);
    expect(refusal(() => readNfeXml(padded))).toBe('O XML da NF-e é grande demais (máximo 1 MB).');
    expect(refusal(() => readNfeXml(Buffer.from(padded)))).toBe('O XML da NF-e é grande demais (máximo 1 MB).');
  });

  it('refuses an XML that is not an NF-e', () => {
    const rss = '<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>x</title></channel></rss>';
    expect(refusal(() => readNfeXml(rss))).toBe('O arquivo não é o XML de uma NF-e (esperado nfeProc com NFe/infNFe e protNFe).');
    const noNamespace = sampleXml().xml.replaceAll(' xmlns="http://www.portalfiscal.inf.br/nfe"', '');
    expect(refusal(() => readNfeXml(noNamespace))).toMatch(/não é o XML de uma NF-e/);
    const latin1 = sampleXml().xml.replace('encoding="UTF-8"', 'encoding="ISO-8859-1"');
    expect(refusal(() => readNfeXml(latin1))).toBe('O XML da NF-e deve estar em UTF-8.');
    const noKey = sampleXml().xml.replace(/Id="NFe\d+"/, 'Id="NFe123"');
    expect(refusal(() => readNfeXml(noKey))).toMatch(/chave de acesso .* não tem 44 caracteres/);
    const twoIssuers = sampleXml().xml.replace('<dest>', `<emit><CNPJ>${OTHER_CNPJ}</CNPJ><xNome>Outra</xNome></emit><dest>`);
    expect(refusal(() => readNfeXml(twoIssuers))).toBe('O XML da NF-e tem o elemento emit repetido.');
  });
});

describe('checkNfeAgainstOrder', () => {
  it('refuses a wrong check digit', () => {
    expect(problemsOf({ badDigit: true })).toEqual(['A chave de acesso da nota não confere (dígito verificador).']);
  });

  it('refuses a key that does not describe the note (the CNPJ in the key is another)', () => {
    const { xml } = sampleXml();
    const otherKey = keyFor({ cnpj: OTHER_CNPJ, model: '55', series: 1, number: 1234 });
    const forged = xml.replaceAll(/(NFe|<chNFe>)\d{44}/g, `$1${otherKey}`);
    expect(checkNfeAgainstOrder(readNfeXml(forged), ORDER)).toEqual([
      'A chave de acesso não corresponde aos dados da nota (CNPJ do emitente, modelo, série ou número).',
    ]);
  });

  it('refuses a note issued by another CNPJ', () => {
    expect(problemsOf({ cnpj: OTHER_CNPJ })).toEqual(['O emitente da nota (CNPJ 11.444.777/0001-61) não é a loja (CNPJ 11.222.333/0001-81).']);
  });

  it('refuses a note to another buyer', () => {
    expect(problemsOf({ buyer: OTHER_CPF })).toEqual(['O destinatário da nota (CPF 111.444.777-35) não é o comprador do pedido (CPF 529.982.247-25).']);
    expect(problemsOf({}, { buyerTaxId: OTHER_CNPJ })).toEqual([
      'O destinatário da nota (CPF 529.982.247-25) não é o comprador do pedido (CNPJ 11.444.777/0001-61).',
    ]);
  });

  it('refuses a total off by one centavo, in the words and format of the brief', () => {
    expect(problemsOf({ vNF: '149.99' })).toEqual([`O total da nota (${formatBRL(14999)}) não confere com o do pedido (${formatBRL(15000)}).`]);
    expect(problemsOf({ vNF: '1234.56' }, { totalCents: 120000 })).toEqual(['O total da nota (R$\u00a01.234,56) não confere com o do pedido (R$\u00a01.200,00).']);
  });

  it('refuses a note SEFAZ did not authorise', () => {
    expect(problemsOf({ cStat: '302', xMotivo: 'Uso Denegado: Irregularidade fiscal do destinatário' })).toEqual([
      'A nota não está autorizada na SEFAZ (situação 302: Uso Denegado: Irregularidade fiscal do destinatário).',
    ]);
    expect(problemsOf({ cStat: '150', xMotivo: 'Autorizado o uso da NF-e, autorização fora de prazo' })).toEqual([]);
  });

  it('refuses a homologação note when the store says it is in produção', () => {
    const doc = readNfeXml(sampleXml({ tpAmb: '2' }).xml);
    expect(doc.environment).toBe('homologacao');
    expect(checkNfeAgainstOrder(doc, { ...ORDER, environment: 'producao' })).toEqual(['A nota foi emitida em homologação (ambiente de testes, sem valor fiscal).']);
    expect(checkNfeAgainstOrder(doc, ORDER)).toEqual([]);
  });

  it('lists every problem at once', () => {
    expect(problemsOf({ cnpj: OTHER_CNPJ, buyer: OTHER_CPF, vNF: '10.00', cStat: '110', xMotivo: 'Uso Denegado' })).toHaveLength(4);
  });
});
