import type { ComponentProps } from 'react';
import { cn } from '~/lib/cn';

// Plain lookup tables instead of a variants library: every byte here ships on every page.
const BASE =
  'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold transition-colors disabled:pointer-events-none disabled:opacity-60 cursor-pointer';

const VARIANTS = {
  default: 'bg-brand-700 text-white hover:bg-brand-800',
  outline:
    'border border-slate-300 bg-white text-slate-900 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800',
  ghost: 'text-slate-800 hover:bg-slate-100 dark:text-slate-100 dark:hover:bg-slate-800',
  link: 'text-brand-700 underline-offset-4 hover:underline dark:text-brand-200',
  destructive: 'bg-red-700 text-white hover:bg-red-800',
} as const;

const SIZES = {
  default: 'h-10 px-4 py-2',
  sm: 'h-9 px-3',
  lg: 'h-12 px-6 text-base',
  icon: 'h-10 w-10',
} as const;

export type ButtonVariant = { variant?: keyof typeof VARIANTS; size?: keyof typeof SIZES };

/** Button classes, also for a link that should look like a button: `<Link className={buttonVariants()}>`. */
export function buttonVariants({ variant = 'default', size = 'default' }: ButtonVariant = {}): string {
  return `${BASE} ${VARIANTS[variant]} ${SIZES[size]}`;
}

export type ButtonProps = ComponentProps<'button'> & ButtonVariant;

export function Button({ className, variant, size, ...props }: ButtonProps) {
  return <button className={cn(buttonVariants({ variant, size }), className)} {...props} />;
}
