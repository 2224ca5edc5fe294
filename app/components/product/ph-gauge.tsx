import { classifyPh, formatPh, phGaugePercent } from '~/lib/ph';

/** pH on the 0–14 scale: acid red → neutral green → alkaline violet. */
export function PhGauge({ value }: { value: string | null }) {
  if (value === null) return null;
  const label = classifyPh(value);
  const text = `pH ${formatPh(value)} · ${label}`;
  return (
    <div className="grid gap-1.5">
      <div className="flex items-baseline justify-between text-sm">
        <span className="font-semibold">{text}</span>
        <span className="text-xs text-slate-600 dark:text-slate-400">escala 0–14</span>
      </div>
      <div
        role="meter"
        aria-label="pH"
        aria-valuemin={0}
        aria-valuemax={14}
        aria-valuenow={Number(value)}
        aria-valuetext={text}
        className="relative h-3 rounded-full bg-gradient-to-r from-red-500 via-green-500 to-violet-600"
      >
        <span
          className="absolute top-1/2 h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-2 border-white bg-slate-900 shadow dark:border-slate-900 dark:bg-white"
          style={{ left: `${phGaugePercent(value)}%` }}
        />
      </div>
      <div className="flex justify-between text-xs text-slate-600 dark:text-slate-400" aria-hidden>
        <span>0 Ácido</span>
        <span>7 Neutro</span>
        <span>14 Alcalino</span>
      </div>
    </div>
  );
}
