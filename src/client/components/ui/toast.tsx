import { CheckCircle2Icon, CircleAlertIcon, XIcon } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from './alert';

export interface ToastOptions {
  variant: 'success' | 'destructive';
  title: string;
  description?: string;
  /** Milliseconds until it closes itself; without it the toast stays until closed. */
  duration?: number;
}

interface Toast extends ToastOptions {
  id: number;
}

const ToastContext = createContext<((toast: ToastOptions) => void) | null>(null);

/** Shows a toast: success toasts are polite (role="status"), failures assertive (role="alert"). */
export function useToast(): (toast: ToastOptions) => void {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast must be used inside <ToastProvider>');
  return show;
}

export function ToastProvider({ children, label, closeLabel }: { children: ReactNode; label: string; closeLabel: string }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  const dismiss = useCallback((id: number) => setToasts((current) => current.filter((toast) => toast.id !== id)), []);
  const show = useCallback((toast: ToastOptions) => setToasts((current) => [...current, { ...toast, id: nextId.current++ }]), []);

  return (
    <ToastContext.Provider value={show}>
      {children}
      {/* The region exists before any toast, so screen readers announce what is added to it. */}
      <section
        aria-label={label}
        aria-live="polite"
        className="pointer-events-none fixed inset-x-0 bottom-0 z-50 flex flex-col items-center gap-2 p-4 sm:items-end"
      >
        {toasts.map((toast) => (
          <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} onClose={() => dismiss(toast.id)} />
        ))}
      </section>
    </ToastContext.Provider>
  );
}

function ToastItem({ toast, closeLabel, onClose }: { toast: Toast; closeLabel: string; onClose: () => void }) {
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
