import { CheckCircle2Icon, CircleAlertIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Alert, AlertDescription, AlertTitle } from '@/client/components/ui/alert';

interface AlertProps {
  title: ReactNode;
  /** Details under the title. */
  children?: ReactNode;
  /** Replaces the default icon. */
  icon?: ReactNode;
  className?: string;
}

/** Something went wrong and the person has to know now: announced at once (role="alert"). */
export function ErrorAlert({ title, children, icon, className }: AlertProps) {
  return (
    <Alert role="alert" variant="destructive" className={className}>
      {icon ?? <CircleAlertIcon aria-hidden="true" />}
      <AlertTitle>{title}</AlertTitle>
      {children ? <AlertDescription>{children}</AlertDescription> : null}
    </Alert>
  );
}

/** Something was done: announced politely (role="status"). */
export function SuccessAlert({ title, children, icon, className }: AlertProps) {
  return (
    <Alert role="status" variant="success" className={className}>
      {icon ?? <CheckCircle2Icon aria-hidden="true" />}
      <AlertTitle>{title}</AlertTitle>
      {children ? <AlertDescription>{children}</AlertDescription> : null}
    </Alert>
  );
}
