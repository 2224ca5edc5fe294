// GET /enderecos/municipios?uf=SP&q=campi: IBGE's municipalities of a UF whose name starts as typed
// (accents and case aside), for the city field of the address forms (components/city-input). The
// table stays on the server (lib/municipalities.server); the answer is the same for everyone and
// changes only with a new build, so browsers and shared caches may keep it.
import { data } from 'react-router';
import { STATIC_DATA_CACHE_CONTROL } from '~/lib/cache-control';
import { searchMunicipalities } from '~/lib/municipalities.server';
import { municipalitySearchSchema, type MunicipalityAnswer } from '~/lib/schemas/municipalities';
import type { Route } from './+types/municipalities';

export function loader({ request }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const parsed = municipalitySearchSchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return data<MunicipalityAnswer>({ error: parsed.error.issues[0]?.message ?? 'Busca inválida.' }, { status: 400, headers: { 'Cache-Control': 'private, no-store' } });
  const { uf, q, limite } = parsed.data;
  return data<MunicipalityAnswer>({ municipalities: searchMunicipalities(uf, q, limite) }, { headers: { 'Cache-Control': STATIC_DATA_CACHE_CONTROL } });
}
