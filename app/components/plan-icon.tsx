// Plan benefits name a lucide icon (subscription_configs.benefits: text and icon name).
// Only these are bundled: importing every icon by name would weigh megabytes.
import {
  BadgePercent,
  CalendarClock,
  CheckCircle2,
  Gift,
  Headphones,
  Leaf,
  PackageCheck,
  Percent,
  ShieldCheck,
  Sparkles,
  Star,
  Truck,
  type LucideIcon,
} from 'lucide-react';
import { isPlanIconName, type PlanIconName } from '~/lib/plan-icons';

// Typed by the names list, so a name added there without an icon here fails the typecheck.
export const PLAN_ICONS: Record<PlanIconName, LucideIcon> = {
  BadgePercent,
  CalendarClock,
  CheckCircle2,
  Gift,
  Headphones,
  Leaf,
  PackageCheck,
  Percent,
  ShieldCheck,
  Sparkles,
  Star,
  Truck,
};

/** The named icon, or a check mark for a name the store does not ship. */
export function PlanIcon({ name, className }: { name: string; className?: string }) {
  const Icon = isPlanIconName(name) ? PLAN_ICONS[name] : CheckCircle2;
  return <Icon className={className} aria-hidden />;
}
