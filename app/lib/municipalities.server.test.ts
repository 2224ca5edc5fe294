import { describe, expect, it } from 'vitest';
import { MUNICIPALITY_TABLE } from '~/data/municipalities-ibge';
import { cityNotFoundMessage, cityProblem, ibgeCity, municipalityCode, municipalityCounts, municipalityOf, normalizeMunicipalityName, searchMunicipalities } from './municipalities.server';
import { UFS } from './states';

describe('the IBGE table', () => {
  it('holds the 5,571 municipalities (5,570 plus Boa Esperança do Norte, MT, installed in 2025), each UF with its own count', () => {
    const { total, byUf } = municipalityCounts();
    expect(total).toBe(5571);
    expect(byUf).toEqual({
      AC: 22, AL: 102, AM: 62, AP: 16, BA: 417, CE: 184, DF: 1, ES: 78, GO: 246, MA: 217, MG: 853, MS: 79, MT: 142, PA: 144,
      PB: 223, PE: 185, PI: 224, PR: 399, RJ: 92, RN: 167, RO: 52, RR: 15, RS: 497, SC: 295, SE: 75, SP: 645, TO: 139,
    });
    expect(Object.keys(MUNICIPALITY_TABLE).sort()).toEqual([...UFS].sort());
  });

  it('gives every municipality a unique 7-digit code that starts with its UF’s IBGE code', () => {
    const ufCode: Record<string, string> = { SP: '35', MG: '31', RJ: '33', DF: '53', RS: '43', MT: '51' };
    const codes = new Set<string>();
    for (const [uf, packed] of Object.entries(MUNICIPALITY_TABLE)) {
      for (const row of packed.split(';')) {
        const [code = ''] = row.split('|');
        expect(code).toMatch(/^\d{7}$/);
        if (ufCode[uf]) expect(code.startsWith(ufCode[uf])).toBe(true);
        codes.add(code);
      }
    }
    expect(codes.size).toBe(5571);
  });
});

describe('normalizeMunicipalityName', () => {
  it('ignores accents, case, spaces and punctuation', () => {
    expect(normalizeMunicipalityName('São Paulo')).toBe('saopaulo');
    expect(normalizeMunicipalityName('  SAO-PAULO ')).toBe('saopaulo');
    expect(normalizeMunicipalityName("Santa Bárbara d'Oeste")).toBe(normalizeMunicipalityName('santa barbara d oeste'));
    expect(normalizeMunicipalityName('Santa Bárbara d’Oeste')).toBe('santabarbaradoeste');
  });
});

describe('municipalityOf', () => {
  it('finds a city however it is typed, and answers with IBGE’s name and code', () => {
    expect(municipalityOf('SP', 'Sao Paulo')).toEqual({ code: '3550308', name: 'São Paulo' });
    expect(municipalityOf('SP', 'são paulo')).toEqual({ code: '3550308', name: 'São Paulo' });
    expect(municipalityOf('SP', 'santa barbara d oeste')).toEqual({ code: '3545803', name: "Santa Bárbara d'Oeste" });
    expect(municipalityOf('SP', "SANTA BÁRBARA D'OESTE")?.name).toBe("Santa Bárbara d'Oeste");
    expect(municipalityOf('RJ', 'rio de janeiro')).toEqual({ code: '3304557', name: 'Rio de Janeiro' });
    expect(municipalityOf('DF', 'Brasília')).toEqual({ code: '5300108', name: 'Brasília' });
  });

  it('takes a former name and answers with today’s (Moji Mirim is Mogi Mirim for IBGE; Embu is Embu das Artes)', () => {
    expect(municipalityOf('SP', 'Moji Mirim')).toEqual({ code: '3530805', name: 'Mogi Mirim' });
    expect(municipalityOf('SP', 'Mogi Mirim')).toEqual({ code: '3530805', name: 'Mogi Mirim' });
    expect(municipalityOf('SP', 'Mogi-Mirim')?.name).toBe('Mogi Mirim');
    expect(municipalityOf('SP', 'Embu')?.name).toBe('Embu das Artes');
    expect(municipalityOf('MT', 'Boa Esperança do Norte')).toEqual({ code: '5101837', name: 'Boa Esperança do Norte' });
  });

  it('tells the UF apart: the same name in two UFs has two codes, and a city of another UF is none', () => {
    expect(municipalityOf('MS', 'Campo Grande')?.code).toBe('5002704');
    expect(municipalityOf('PB', 'Campina Grande')?.code).toBe('2504009');
    expect(municipalityOf('MG', 'Campinas')).toBeNull();
    expect(municipalityOf('SP', 'Belo Horizonte')).toBeNull();
    expect(municipalityOf('XX', 'São Paulo')).toBeNull();
    expect(municipalityOf('SP', '  ')).toBeNull();
    expect(municipalityOf('SP', 'São Paulo do Norte')).toBeNull();
  });

  it('gives the NF-e its 7-digit code (municipalityCode)', () => {
    expect(municipalityCode('SP', 'Campinas')).toBe('3509502');
    expect(municipalityCode('MG', 'belo horizonte')).toBe('3106200');
    expect(municipalityCode('SP', 'Cidade Inventada')).toBeNull();
  });
});

describe('searchMunicipalities', () => {
  it('lists the UF’s cities starting as typed, accents aside, alphabetically, at most the limit', () => {
    const campi = searchMunicipalities('SP', 'campi');
    expect(campi.map((m) => m.name)).toEqual(['Campina do Monte Alegre', 'Campinas', 'Nova Campina']);
    expect(searchMunicipalities('SP', 'sao').length).toBe(20);
    expect(searchMunicipalities('SP', 'sao', 5).map((m) => m.name)).toEqual(['São Bento do Sapucaí', 'São Bernardo do Campo', 'São Caetano do Sul', 'São Carlos', 'São Francisco']);
    expect(searchMunicipalities('SP', 'sao', 500).length).toBeLessThanOrEqual(50);
    expect(searchMunicipalities('SP', 'sao', 0)).toEqual([]);
  });

  it('puts the exact name first, then cities with a later word that starts as typed', () => {
    expect(searchMunicipalities('SP', 'campinas')[0]?.name).toBe('Campinas');
    const oeste = searchMunicipalities('SP', 'oeste').map((m) => m.name);
    expect(oeste).toContain("Santa Bárbara d'Oeste");
    expect(searchMunicipalities('SP', "barbara d'o").map((m) => m.name)).toEqual(["Santa Bárbara d'Oeste"]);
    expect(searchMunicipalities('SP', 'moji').map((m) => m.name)).toContain('Mogi Mirim');
  });

  it('answers nothing for an unknown UF or an empty query', () => {
    expect(searchMunicipalities('ZZ', 'sao')).toEqual([]);
    expect(searchMunicipalities('SP', ' - ')).toEqual([]);
  });
});

describe('ibgeCity and cityProblem', () => {
  it('saves the canonical name, or tells the customer to choose from the list', () => {
    expect(ibgeCity('SP', 'sao jose dos campos')).toEqual({ ok: true, city: 'São José dos Campos', code: '3549904' });
    expect(ibgeCity('SP', 'Belo Horizonte')).toEqual({ ok: false, message: 'Escolha uma cidade da lista: não encontramos “Belo Horizonte” entre os municípios de SP.' });
    expect(cityNotFoundMessage(' X ', 'SP')).toBe('Escolha uma cidade da lista: não encontramos “X” entre os municípios de SP.');
  });

  it('says nothing while the UF or the city is missing (the form’s schema tells it)', () => {
    expect(cityProblem('', 'Campinas')).toEqual({ ok: true, city: null });
    expect(cityProblem('SP', '')).toEqual({ ok: true, city: null });
    expect(cityProblem(undefined, undefined)).toEqual({ ok: true, city: null });
    expect(cityProblem('SP', 'campinas')).toEqual({ ok: true, city: 'Campinas' });
    expect(cityProblem('RJ', 'Campinas')).toMatchObject({ ok: false });
  });
});
