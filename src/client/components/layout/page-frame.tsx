import type { ReactNode } from 'react';

/** The title band every page starts with: one h1, its lead text, and optional content under it. */
export function PageHeader({ title, lead, eyebrow, children }: { title: string; lead?: ReactNode; eyebrow?: ReactNode; children?: ReactNode }) {
  return (
    <div className="relative overflow-hidden border-b border-border bg-gradient-to-b from-muted to-background">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 bg-[linear-gradient(to_right,var(--color-border)_1px,transparent_1px),linear-gradient(to_bottom,var(--color-border)_1px,transparent_1px)] bg-[size:40px_40px] opacity-40 [mask-image:linear-gradient(to_bottom,black,transparent)]"
      />
      <div className="relative mx-auto max-w-6xl px-4 pt-10 pb-10 sm:px-6 sm:pt-14">
        {eyebrow ? <div className="mb-3 text-sm font-medium text-primary">{eyebrow}</div> : null}
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
        {lead ? <p className="mt-4 max-w-3xl text-lg text-muted-foreground">{lead}</p> : null}
        {children}
      </div>
    </div>
  );
}
