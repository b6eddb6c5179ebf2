import type { ReactNode } from 'react';
import { ConfirmProvider } from './confirm/ConfirmProvider';
import { ToastProvider } from './toast/ToastProvider';
import './ui-provider.css';

/** Both providers an app needs for `useToast()` and `useConfirm()`, in one wrapper. */
export function UiProvider({ children }: { children: ReactNode }) {
  return (
    <ToastProvider>
      <ConfirmProvider>{children}</ConfirmProvider>
    </ToastProvider>
  );
}
