import type { ReactNode, Ref } from 'react';

/**
 * The heading of a back-office screen: one h1, an optional lead, and actions on the right. With
 * `headingRef` the heading can take the keyboard's focus (when what had it is gone from the screen).
 */
export function AdminPageHeader({ title, lead, actions, headingRef }: { title: string; lead?: ReactNode; actions?: ReactNode; headingRef?: Ref<HTMLHeadingElement> }) {
  return (
    <div className="mb-6 flex flex-wrap items-end justify-between gap-4">
      <div className="min-w-0">
        <h1 ref={headingRef} tabIndex={headingRef ? -1 : undefined} className="text-2xl font-bold tracking-tight focus:outline-none">
          {title}
        </h1>
        {lead ? <p className="mt-1 max-w-3xl text-sm text-muted-foreground">{lead}</p> : null}
      </div>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** A white card around a table or a form. */
export function AdminCard({ children, className }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-lg border border-border bg-card p-4 shadow-sm sm:p-6 ${className ?? ''}`}>{children}</div>;
}
