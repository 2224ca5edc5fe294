import type { SeedCategory } from '../types';

/** Name of the category that holds the ready-made kits (never used by a product). */
export const KITS_CATEGORY = 'Kits Prontos';

export const categories: SeedCategory[] = [
  { name: KITS_CATEGORY },
  { name: 'Cozinha' },
  { name: 'Banheiro' },
  { name: 'Lavanderia' },
  { name: 'Pisos' },
  { name: 'Limpeza Pesada' },
  { name: 'Uso Profissional' },
  { name: 'Multiuso' },
];
