import { AlertDialog } from 'radix-ui';
import type { ReactElement, ReactNode, RefObject } from 'react';
import { Button } from './button';

/**
 * Given, the caller opens and closes the dialog (after the change succeeds, say) and the action does not
 * close it; not given, the dialog opens from its trigger and the action closes it at once.
 */
type OpenState = { open?: undefined; onOpenChange?: undefined } | { open: boolean; onOpenChange: (open: boolean) => void };

type ConfirmDialogProps = OpenState & {
  /** The button that opens the dialog; focus goes back to it when the dialog closes. */
  trigger?: ReactElement;
  /** Without a trigger: the element focus goes back to when the dialog closes. */
  returnFocusTo?: RefObject<HTMLElement | null>;
  title: ReactNode;
  description: ReactNode;
  cancelLabel: ReactNode;
  confirmLabel: ReactNode;
  onConfirm: () => void;
  /** The change is under way: the action cannot be pressed again. */
  pending?: boolean;
  destructive?: boolean;
  /** Shown under the description, e.g. why the change was refused. */
  children?: ReactNode;
};

/** Asks before a change that cannot simply be undone; focus starts on Cancel, and Escape cancels. */
export function ConfirmDialog({ open, onOpenChange, trigger, returnFocusTo, title, description, cancelLabel, confirmLabel, onConfirm, pending, destructive, children }: ConfirmDialogProps) {
  const action = (
    <Button variant={destructive ? 'destructive' : 'default'} onClick={onConfirm} disabled={pending}>
      {confirmLabel}
    </Button>
  );
  return (
    <AlertDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger ? <AlertDialog.Trigger asChild>{trigger}</AlertDialog.Trigger> : null}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-50 bg-ink/50" />
        <AlertDialog.Content
          onCloseAutoFocus={returnFocusTo ? (event) => (event.preventDefault(), returnFocusTo.current?.focus()) : undefined}
          className="fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[min(30rem,calc(100vw-2rem))] -translate-x-1/2 -translate-y-1/2 space-y-4 overflow-y-auto rounded-lg border border-border bg-card p-6 shadow-xl"
        >
          <AlertDialog.Title className="text-lg font-semibold">{title}</AlertDialog.Title>
          <AlertDialog.Description className="text-sm break-words text-muted-foreground">{description}</AlertDialog.Description>
          {children}
          <div className="flex flex-wrap justify-end gap-2">
            <AlertDialog.Cancel asChild>
              <Button variant="outline">{cancelLabel}</Button>
            </AlertDialog.Cancel>
            {open === undefined ? <AlertDialog.Action asChild>{action}</AlertDialog.Action> : action}
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
