// The toast queue of one: a new toast replaces the one on screen, so one toast shows at a time.
// Kept apart from the Radix view so pages load Radix only once a toast shows.
import type { ToastMessage } from '~/lib/toast';

export type CurrentToast = (ToastMessage & { key: number; open: boolean }) | null;

let current: CurrentToast = null;
let nextKey = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((l) => l());

/** Shows a toast, replacing any toast on screen. */
export function toast(message: ToastMessage) {
  current = { ...message, key: nextKey++, open: true };
  emit();
}

export function dismissToast(key: number) {
  if (current?.key === key) {
    current = { ...current, open: false };
    emit();
  }
}

export const toastStore = {
  get: () => current,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
};
