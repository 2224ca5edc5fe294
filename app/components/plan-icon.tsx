// Plan benefits name a lucide icon (SPEC §3 subscription_configs.benefits).
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

export const PLAN_ICONS: Record<string, LucideIcon> = {
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
  const Icon = PLAN_ICONS[name] ?? CheckCircle2;
  return <Icon className={className} aria-hidden />;
}
