export type ToastVariant = 'default' | 'destructive';

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

/** SPEC §9 Timings: one toast visible, 5000 ms, F8 hotkey, 50 px swipe. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_SWIPE_THRESHOLD_PX = 50;
