import { clsx } from 'clsx';

/** The logo: a lens inside a camera's framing corners, crossed by a scan line. `className` sets its size too (size-8 without one). */
export function BrandMark({ className = 'size-8' }: { className?: string }) {
  return (
    <svg viewBox="0 0 64 64" aria-hidden="true" focusable="false" className={clsx('shrink-0', className)}>
      <rect width="64" height="64" rx="14" fill="#0f172a" />
      <path
        d="M12 20v-6a2 2 0 0 1 2-2h6M44 12h6a2 2 0 0 1 2 2v6M52 44v6a2 2 0 0 1-2 2h-6M20 52h-6a2 2 0 0 1-2-2v-6"
        fill="none"
        stroke="#5eead4"
        strokeWidth="4"
        strokeLinecap="round"
      />
      <path d="M14 32c5-8 11-12 18-12s13 4 18 12c-5 8-11 12-18 12s-13-4-18-12z" fill="none" stroke="#f8fafc" strokeWidth="3.5" strokeLinejoin="round" />
      <circle cx="32" cy="32" r="6" fill="#14b8a6" />
      <path d="M18 32h28" stroke="#f59e0b" strokeWidth="2.5" strokeLinecap="round" />
    </svg>
  );
}
