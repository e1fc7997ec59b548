import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';
import { loadOrReloadOnce } from '@/client/lib/reload-once';
import type { ToastOptions } from './toast-item';

// A toast's markup (the alert, its icons, tailwind-merge) loads with the first toast, not with every page.
const ToastItem = lazy(() => loadOrReloadOnce(() => import('./toast-item')).then((module) => ({ default: module.ToastItem })));

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
        <Suspense fallback={null}>
          {toasts.map((toast) => (
            <ToastItem key={toast.id} toast={toast} closeLabel={closeLabel} onClose={() => dismiss(toast.id)} />
          ))}
        </Suspense>
      </section>
    </ToastContext.Provider>
  );
}
