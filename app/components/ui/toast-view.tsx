// Radix Toast with the spec's rules: one toast at a time, 5000 ms, F8 focuses
// the region, swipe right 50 px to dismiss.
import * as ToastPrimitive from '@radix-ui/react-toast';
import { X } from 'lucide-react';
import { cn } from '~/lib/cn';
import { TOAST_DURATION_MS, TOAST_HOTKEY, TOAST_SWIPE_THRESHOLD_PX } from '~/lib/toast';
import { dismissToast, type CurrentToast } from './toast-store';

export default function ToastView({ toast: t }: { toast: CurrentToast }) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Notificação"
    >
      {t ? (
        <ToastPrimitive.Root
          key={t.key}
          open={t.open}
          onOpenChange={(open) => {
            if (!open) dismissToast(t.key);
          }}
          className={cn(
            'pointer-events-auto relative grid w-full gap-1 rounded-lg border p-4 pr-10 shadow-lg transition-all',
            'data-[swipe=move]:translate-x-[var(--radix-toast-swipe-move-x)] data-[swipe=end]:translate-x-full data-[state=closed]:opacity-0',
            t.variant === 'destructive'
              ? 'border-red-800 bg-red-700 text-white'
              : 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
          )}
        >
          <ToastPrimitive.Title className="text-sm font-semibold">{t.title}</ToastPrimitive.Title>
          {t.description ? (
            <ToastPrimitive.Description className="text-sm opacity-90">{t.description}</ToastPrimitive.Description>
          ) : null}
          <ToastPrimitive.Close
            aria-label="Fechar notificação"
            className="absolute top-2 right-2 rounded p-1 opacity-80 hover:opacity-100"
          >
            <X className="h-4 w-4" aria-hidden />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ) : null}
      <ToastPrimitive.Viewport
        hotkey={TOAST_HOTKEY}
        label="Notificações ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-sm flex-col gap-2 p-4 outline-none"
      />
    </ToastPrimitive.Provider>
  );
}
