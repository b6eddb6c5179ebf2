export type ToastTone = 'success' | 'error' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  message: string;
  /** What the toast is about: a newer toast on the same topic replaces it. */
  topic?: string;
}

export interface ToastOptions {
  /**
   * What the toast is about ("the project form"): a newer toast on the same topic replaces
   * the older ones, so "Project saved" never sits beside the error it has put right.
   */
  topic?: string;
}
