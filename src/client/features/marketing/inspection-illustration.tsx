import { cn } from '@/client/lib/utils';

/**
 * Decorative: a camera's view of parts on a conveyor, one of them boxed as a defect. Pure SVG, so
 * it costs no request and scales to any width.
 */
export function InspectionIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 320" aria-hidden="true" focusable="false" className={cn('h-auto rounded-xl shadow-xl', className)}>
      <defs>
        <linearGradient id="hero-screen" x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor="#0f172a" />
          <stop offset="1" stopColor="#1e293b" />
        </linearGradient>
        <pattern id="hero-belt" width="24" height="24" patternUnits="userSpaceOnUse">
          <path d="M0 24 24 0" stroke="#334155" strokeWidth="2" />
        </pattern>
      </defs>
      <rect width="480" height="320" rx="16" fill="url(#hero-screen)" />
      <rect x="0" y="176" width="480" height="84" fill="url(#hero-belt)" opacity="0.7" />
      <rect x="0" y="172" width="480" height="4" fill="#475569" />
      <rect x="0" y="260" width="480" height="4" fill="#475569" />
      {[60, 200, 340].map((x, index) => (
        <g key={x}>
          <rect x={x} y="188" width="80" height="60" rx="8" fill="#cbd5e1" />
          <circle cx={x + 22} cy="218" r="9" fill="#94a3b8" />
          <circle cx={x + 58} cy="218" r="9" fill={index === 1 ? '#cbd5e1' : '#94a3b8'} />
          {index === 1 ? <circle cx={x + 58} cy="218" r="9" fill="none" stroke="#94a3b8" strokeDasharray="3 3" /> : null}
        </g>
      ))}
      <rect x="48" y="176" width="104" height="84" rx="6" fill="none" stroke="#2dd4bf" strokeWidth="2.5" />
      <rect x="48" y="154" width="40" height="20" rx="4" fill="#2dd4bf" />
      <text x="68" y="168" textAnchor="middle" fontSize="12" fontWeight="700" fill="#0f172a" fontFamily="ui-sans-serif, system-ui">
        OK
      </text>
      <rect x="188" y="176" width="104" height="84" rx="6" fill="none" stroke="#f59e0b" strokeWidth="2.5" />
      <rect x="188" y="154" width="40" height="20" rx="4" fill="#f59e0b" />
      <text x="208" y="168" textAnchor="middle" fontSize="12" fontWeight="700" fill="#0f172a" fontFamily="ui-sans-serif, system-ui">
        NG
      </text>
      <rect x="328" y="176" width="104" height="84" rx="6" fill="none" stroke="#2dd4bf" strokeWidth="2.5" />
      <rect x="328" y="154" width="40" height="20" rx="4" fill="#2dd4bf" />
      <text x="348" y="168" textAnchor="middle" fontSize="12" fontWeight="700" fill="#0f172a" fontFamily="ui-sans-serif, system-ui">
        OK
      </text>
      <path d="M0 120h480" stroke="#f59e0b" strokeWidth="1.5" strokeDasharray="6 6" opacity="0.5" />
      <g fill="none" stroke="#5eead4" strokeWidth="3" strokeLinecap="round">
        <path d="M24 48V28h20M436 28h20v20M456 272v20h-20M44 292H24v-20" />
      </g>
      <circle cx="40" cy="76" r="5" fill="#ef4444" />
      <rect x="52" y="70" width="64" height="12" rx="3" fill="#334155" />
      <rect x="340" y="66" width="116" height="8" rx="4" fill="#334155" />
      <rect x="340" y="66" width="88" height="8" rx="4" fill="#14b8a6" />
      <rect x="340" y="82" width="116" height="8" rx="4" fill="#334155" />
      <rect x="340" y="82" width="36" height="8" rx="4" fill="#f59e0b" />
    </svg>
  );
}
