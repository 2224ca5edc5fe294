// IBGE's municipalities (issue 34): the delivery city of an address must be one of its UF's, so the
// NF-e's cMun/xMun are IBGE's and SEFAZ never rejects the address. Pure, but `.server`: the table
// (app/data/municipalities-ibge.ts, ~120 KB) never goes into a browser bundle; the forms ask
// GET /enderecos/municipios (routes/municipalities.ts) as the customer types.
import { MUNICIPALITY_TABLE } from '~/data/municipalities-ibge';
import { isUf, type Uf } from './states';

export type Municipality = { code: string; name: string };

type Entry = Municipality & {
  /** The name and former names, normalized. */
  keys: string[];
  /** Each normalized word-start suffix of the name ("barbaradoeste", "doeste", "oeste"): a search may start at any word. */
  wordStarts: string[];
};

/**
 * Accents, case, spaces and punctuation do not count: "Sao Paulo", "SÃO PAULO" and "são-paulo" are
 * "saopaulo"; "Santa Bárbara d'Oeste", "Santa Barbara D Oeste" and "Santa Bárbara d’Oeste" read the same.
 */
export function normalizeMunicipalityName(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

function wordStartsOf(name: string): string[] {
  const words = name
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  return words.slice(1).map((_, i) => words.slice(i + 1).join(''));
}

let index: { byUf: Map<Uf, Entry[]>; byKey: Map<string, Entry> } | null = null;

/** The table read once, on first use. */
function table() {
  if (index) return index;
  const byUf = new Map<Uf, Entry[]>();
  const byKey = new Map<string, Entry>();
  for (const [uf, packed] of Object.entries(MUNICIPALITY_TABLE)) {
    if (!isUf(uf)) continue;
    const entries = packed.split(';').map((row): Entry => {
      const [code = '', name = '', ...formerNames] = row.split('|');
      return { code, name, keys: [name, ...formerNames].map(normalizeMunicipalityName), wordStarts: wordStartsOf(name) };
    });
    for (const entry of entries) for (const key of entry.keys) byKey.set(`${uf}:${key}`, entry);
    byUf.set(uf, entries);
  }
  index = { byUf, byKey };
  return index;
}

/** How many municipalities the table holds, per UF and in all. */
export function municipalityCounts(): { total: number; byUf: Record<Uf, number> } {
  const byUf = {} as Record<Uf, number>;
  let total = 0;
  for (const [uf, entries] of table().byUf) {
    byUf[uf] = entries.length;
    total += entries.length;
  }
  return { total, byUf };
}

/** The UF's municipality named `name` (any accents, case or punctuation, or a former name), as IBGE writes it; null when none. */
export function municipalityOf(uf: string, name: string): Municipality | null {
  const key = normalizeMunicipalityName(name);
  if (!isUf(uf) || key === '') return null;
  const entry = table().byKey.get(`${uf}:${key}`);
  return entry ? { code: entry.code, name: entry.name } : null;
}

/** The 7-digit IBGE code of a delivery city (the NF-e's cMun); null when it is not one of the UF's municipalities. */
export function municipalityCode(uf: string, city: string): string | null {
  return municipalityOf(uf, city)?.code ?? null;
}

export const MUNICIPALITY_SEARCH_MAX = 50;

/**
 * The UF's municipalities whose name (or a former name) starts with what was typed, then those with a
 * later word that does ("paulo" finds São Paulo), in alphabetical order within each; at most `limit`.
 */
export function searchMunicipalities(uf: string, typed: string, limit = 20): Municipality[] {
  const query = normalizeMunicipalityName(typed);
  const max = Math.max(0, Math.min(Math.trunc(limit), MUNICIPALITY_SEARCH_MAX));
  if (!isUf(uf) || query === '' || max === 0) return [];
  const entries = table().byUf.get(uf) ?? [];
  const first: Entry[] = [];
  const later: Entry[] = [];
  for (const entry of entries) {
    if (entry.keys.some((k) => k.startsWith(query))) first.push(entry);
    else if (entry.wordStarts.some((w) => w.startsWith(query))) later.push(entry);
  }
  // An exact name first (typing "Campinas" offers Campinas before Campinas do Piauí).
  first.sort((a, b) => Number(b.keys.includes(query)) - Number(a.keys.includes(query)));
  return [...first, ...later].slice(0, max).map(({ code, name }) => ({ code, name }));
}

/** The message beside the city field when it is not one of the UF's municipalities. */
export function cityNotFoundMessage(city: string, uf: string): string {
  return `Escolha uma cidade da lista: não encontramos “${city.trim()}” entre os municípios de ${uf}.`;
}

export type IbgeCity = { ok: true; city: string; code: string } | { ok: false; message: string };

/** A typed city as IBGE writes it (the canonical name that is saved), or the pt-BR message to show beside the field. */
export function ibgeCity(uf: string, city: string): IbgeCity {
  const found = municipalityOf(uf, city);
  return found ? { ok: true, city: found.name, code: found.code } : { ok: false, message: cityNotFoundMessage(city, uf) };
}

/**
 * A posted city checked against the posted UF, for a form's action: a UF and a city that are each
 * valid on their own but not together are refused (the message beside the city); the city as IBGE
 * writes it otherwise. No UF or no city yet: nothing to say here (the form's schema tells it).
 */
export function cityProblem(state: unknown, city: unknown): { ok: true; city: string | null } | { ok: false; message: string } {
  if (typeof state !== 'string' || !isUf(state) || typeof city !== 'string' || city.trim() === '') return { ok: true, city: null };
  const found = ibgeCity(state, city);
  return found.ok ? { ok: true, city: found.city } : found;
}
