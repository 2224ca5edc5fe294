// The icon names a plan benefit may use (subscription_configs.benefits: text and icon name).
// Kept apart from the icon components so the admin schema can check a name
// without bundling lucide-react into the validation code.

export const PLAN_ICON_NAMES = [
  'BadgePercent',
  'CalendarClock',
  'CheckCircle2',
  'Gift',
  'Headphones',
  'Leaf',
  'PackageCheck',
  'Percent',
  'ShieldCheck',
  'Sparkles',
  'Star',
  'Truck',
] as const;

export type PlanIconName = (typeof PLAN_ICON_NAMES)[number];

/** What the admin's icon picker says for each name. */
export const PLAN_ICON_LABELS: Record<PlanIconName, string> = {
  BadgePercent: 'Selo de desconto',
  CalendarClock: 'Calendário',
  CheckCircle2: 'Marca de verificação',
  Gift: 'Presente',
  Headphones: 'Fone de ouvido',
  Leaf: 'Folha',
  PackageCheck: 'Pacote entregue',
  Percent: 'Porcentagem',
  ShieldCheck: 'Escudo',
  Sparkles: 'Brilho',
  Star: 'Estrela',
  Truck: 'Caminhão',
};

/** The storefront draws a check mark for a name it does not ship; the editor shows the same. */
export const FALLBACK_PLAN_ICON: PlanIconName = 'CheckCircle2';

export function isPlanIconName(value: unknown): value is PlanIconName {
  return typeof value === 'string' && (PLAN_ICON_NAMES as readonly string[]).includes(value);
}
