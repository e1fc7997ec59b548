import type { ReactNode } from 'react';

/** The frame of the sign-in and sign-up pages: one h1, a lead, and a card for the form. */
export function AuthFrame({ title, lead, children, aside }: { title: string; lead?: ReactNode; children: ReactNode; aside?: ReactNode }) {
  return (
    <div className="bg-gradient-to-b from-muted to-background">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[minmax(0,1fr)_minmax(0,28rem)] lg:items-start">
        <div className="max-w-xl">
          <h1 className="text-3xl font-bold tracking-tight text-foreground sm:text-4xl">{title}</h1>
          {lead ? <p className="mt-4 text-lg text-muted-foreground">{lead}</p> : null}
          {aside ? <div className="mt-6 hidden lg:block">{aside}</div> : null}
        </div>
        <div className="rounded-lg border border-border bg-card p-5 shadow-sm sm:p-6">{children}</div>
      </div>
    </div>
  );
}
