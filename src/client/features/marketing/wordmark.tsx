import type { ReactNode } from 'react';
import { cn } from '@/client/lib/utils';
import type { Company, Glyph } from './showcase-data';

function glyphShape(glyph: Glyph, color: string): ReactNode {
  switch (glyph) {
    case 'hex':
      return <path d="M20 4 34 12v16L20 36 6 28V12z" fill={color} />;
    case 'ring':
      return (
        <>
          <circle cx="20" cy="20" r="14" fill="none" stroke={color} strokeWidth="6" />
          <circle cx="20" cy="20" r="4" fill={color} />
        </>
      );
    case 'bolt':
      return <path d="M23 3 8 23h10l-3 14 17-21H21z" fill={color} />;
    case 'leaf':
      return <path d="M6 34C6 16 16 6 34 6c0 18-10 28-28 28zm4-4L26 14" fill={color} stroke="#fff" strokeWidth="2" />;
    case 'drop':
      return <path d="M20 4c7 10 12 16 12 22a12 12 0 0 1-24 0c0-6 5-12 12-22z" fill={color} />;
    case 'gear':
      return (
        <>
          <path d="M17 3h6l1 5 4 2 4-3 4 4-3 4 2 4 5 1v6l-5 1-2 4 3 4-4 4-4-3-4 2-1 5h-6l-1-5-4-2-4 3-4-4 3-4-2-4-5-1v-6l5-1 2-4-3-4 4-4 4 3 4-2z" fill={color} />
          <circle cx="20" cy="20" r="6" fill="#fff" />
        </>
      );
    case 'chip':
      return (
        <>
          <rect x="9" y="9" width="22" height="22" rx="3" fill={color} />
          <path d="M14 4v5M20 4v5M26 4v5M14 31v5M20 31v5M26 31v5M4 14h5M4 20h5M4 26h5M31 14h5M31 20h5M31 26h5" stroke={color} strokeWidth="2.5" />
        </>
      );
    case 'wave':
      return <path d="M3 22c5-8 9-8 14 0s9 8 14 0 6-6 6-6v14H3z" fill={color} />;
    case 'diamond':
      return <path d="M20 3 37 20 20 37 3 20z" fill={color} />;
    case 'bars':
      return (
        <>
          <rect x="5" y="20" width="7" height="15" rx="1.5" fill={color} />
          <rect x="16.5" y="12" width="7" height="23" rx="1.5" fill={color} />
          <rect x="28" y="5" width="7" height="30" rx="1.5" fill={color} />
        </>
      );
  }
}

/** An original wordmark of a fictional company: a glyph and its name, as one labelled image. */
export function Wordmark({ company, className }: { company: Company; className?: string }) {
  return (
    <svg viewBox="0 0 200 40" role="img" aria-label={company.name} className={cn('h-8 w-auto max-w-full', className)}>
      <title>{company.name}</title>
      {glyphShape(company.glyph, company.color)}
      <text x="46" y="28" fontSize="21" fontWeight="700" letterSpacing="-0.3" fill="#1e293b" fontFamily="ui-sans-serif, system-ui, sans-serif">
        {company.name}
      </text>
    </svg>
  );
}
