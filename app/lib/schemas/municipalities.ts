// GET /enderecos/municipios?uf=SP&q=campi&limite=20: the UF's municipalities as the customer types a city.
import { z } from 'zod';
import './zod-pt-br';
import { UFS } from '../states';

export const MUNICIPALITY_QUERY_MAX = 100;
export const MUNICIPALITY_LIMIT_MAX = 50;
export const MUNICIPALITY_LIMIT_DEFAULT = 20;

export const municipalitySearchSchema = z.object({
  uf: z.enum(UFS, { error: 'Estado inválido.' }),
  q: z.string().max(MUNICIPALITY_QUERY_MAX, { error: 'Busca longa demais.', abort: true }).default(''),
  limite: z.coerce
    .number()
    .int('Limite inválido.')
    .min(1, 'Limite inválido.')
    .max(MUNICIPALITY_LIMIT_MAX, `Use um limite de até ${MUNICIPALITY_LIMIT_MAX}.`)
    .default(MUNICIPALITY_LIMIT_DEFAULT),
});

export type MunicipalityAnswer = { municipalities: { code: string; name: string }[] } | { error: string };
