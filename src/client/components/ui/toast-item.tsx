import { CheckCircle2Icon, CircleAlertIcon, XIcon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Alert, AlertDescription, AlertTitle } from './alert';

export interface ToastOptions {
  variant: 'success' | 'destructive';
  title: string;
  description?: string;
  /** Milliseconds until it closes itself; without it the toast stays until closed. */
  duration?: number;
}

/** One toast, loaded with the first one shown (see toast.tsx). */
export function ToastItem({ toast, closeLabel, onClose }: { toast: ToastOptions; closeLabel: string; onClose: () => void }) {
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    if (toast.duration === undefined) return;
    const timer = window.setTimeout(() => closeRef.current(), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.duration]);

  const Icon = toast.variant === 'success' ? CheckCircle2Icon : CircleAlertIcon;
  return (
    <Alert
      role={toast.variant === 'success' ? 'status' : 'alert'}
      variant={toast.variant}
      className="pointer-events-auto w-full max-w-sm animate-toast-in pr-10 shadow-lg"
    >
      <Icon aria-hidden="true" />
      <AlertTitle>{toast.title}</AlertTitle>
      {toast.description ? <AlertDescription>{toast.description}</AlertDescription> : null}
      <button
        type="button"
        onClick={onClose}
        aria-label={closeLabel}
        className="absolute top-2 right-2 rounded-sm p-1 text-muted-foreground hover:bg-muted hover:text-foreground"
      >
        <XIcon className="size-4" aria-hidden="true" />
      </button>
    </Alert>
  );
}
