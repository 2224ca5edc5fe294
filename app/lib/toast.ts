export type ToastVariant = 'default' | 'destructive';

export type ToastMessage = {
  title: string;
  description?: string;
  variant?: ToastVariant;
};

/** One toast visible for 5000 ms; F8 reaches it from the keyboard; a 50 px swipe dismisses it. */
export const TOAST_DURATION_MS = 5000;
export const TOAST_HOTKEY = ['F8'];
export const TOAST_SWIPE_THRESHOLD_PX = 50;
