import { useId, useLayoutEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPoints, type Balance } from '@/shared/points';

/** Width drawn before the element has been measured (and where it cannot be). */
const FALLBACK_WIDTH = 600;
/** Axis labels in CSS pixels: the drawing's units are the element's pixels, so they never shrink with it. */
const FONT_SIZE = 12;
/** A generous width of one digit or point at FONT_SIZE, to leave room for the value labels. */
const CHAR_WIDTH = 7.5;

/** The element's width in CSS pixels, followed as it changes (the phone turns, the sidebar opens). */
function useWidth<E extends Element>() {
  // A callback ref: the element appears only once there is a history to draw, maybe after the first render.
  const [element, setElement] = useState<E | null>(null);
  const [width, setWidth] = useState(FALLBACK_WIDTH);
  useLayoutEffect(() => {
    if (!element) return;
    const measure = (value: number) => {
      if (value > 0) setWidth(Math.round(value));
    };
    measure(element.getBoundingClientRect().width);
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver((entries) => measure(entries[0]?.contentRect.width ?? 0));
    observer.observe(element);
    return () => observer.disconnect();
  }, [element]);
  return [setElement, width] as const;
}

/** Cumulative bought and used points per day as two lines, with the same figures as a table for screen readers and keyboards. */
export function BalanceChart({ history }: { history: Balance['history'] }) {
  const { t } = useTranslation('points');
  const titleId = useId();
  const [frameRef, width] = useWidth<HTMLDivElement>();
  if (history.length === 0) return <p className="text-sm text-muted-foreground">{t('balance.chartEmpty')}</p>;
  const top = Math.max(10, ...history.map((point) => Math.max(point.bought, point.used)));
  const ticks = [0, 0.5, 1].map((share) => ({ share, label: formatPoints(Math.round(top * share)) }));
  // One unit of the viewBox is one CSS pixel: the width is measured, the height follows it within bounds.
  const WIDTH = width;
  const HEIGHT = Math.round(Math.min(280, Math.max(180, WIDTH / 3)));
  const PAD = { top: 12, right: 12, bottom: FONT_SIZE + 16, left: Math.ceil(Math.max(...ticks.map((tick) => tick.label.length)) * CHAR_WIDTH) + 12 };
  const innerWidth = WIDTH - PAD.left - PAD.right;
  const innerHeight = HEIGHT - PAD.top - PAD.bottom;
  const x = (index: number) => PAD.left + (history.length === 1 ? innerWidth / 2 : (index / (history.length - 1)) * innerWidth);
  const y = (value: number) => PAD.top + innerHeight - (value / top) * innerHeight;
  const line = (key: 'bought' | 'used') => history.map((point, index) => `${x(index).toFixed(1)},${y(point[key]).toFixed(1)}`).join(' ');
  const first = history[0]!.day;
  const last = history.at(-1)!.day;
  return (
    <figure className="space-y-3">
      <figcaption id={titleId} className="text-sm font-medium">
        {t('balance.chartTitle')}
      </figcaption>
      <div className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true" data-chart-legend>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-primary" /> {t('balance.bought')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-amber-600" /> {t('balance.used')}
        </span>
      </div>
      <div ref={frameRef} className="w-full min-w-0">
        <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={`${titleId}-summary`} className="block h-auto w-full" fontSize={FONT_SIZE}>
          <desc id={`${titleId}-summary`}>{t('balance.chartLabel', { first, last })}</desc>
          {ticks.map(({ share, label }) => (
            <g key={share}>
              <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * share)} y2={y(top * share)} className="stroke-border" strokeWidth={1} />
              <text x={PAD.left - 6} y={y(top * share) + 4} textAnchor="end" className="fill-muted-foreground">
                {label}
              </text>
            </g>
          ))}
          <text x={PAD.left} y={HEIGHT - 8} className="fill-muted-foreground">
            {first}
          </text>
          <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-muted-foreground">
            {last}
          </text>
          <polyline points={line('bought')} fill="none" className="stroke-primary" strokeWidth={2.5} strokeLinejoin="round" />
          <polyline points={line('used')} fill="none" className="stroke-amber-600" strokeWidth={2.5} strokeDasharray="6 4" strokeLinejoin="round" />
          {history.map((point, index) => (
            <g key={point.day}>
              <circle cx={x(index)} cy={y(point.bought)} r={3.5} className="fill-primary" />
              <circle cx={x(index)} cy={y(point.used)} r={3.5} className="fill-amber-600" />
            </g>
          ))}
        </svg>
      </div>
      <details className="text-sm">
        <summary className="cursor-pointer text-muted-foreground hover:text-foreground">{t('balance.chartTable')}</summary>
        <div className="mt-2 overflow-x-auto">
          <table className="w-full text-left">
            <thead>
              <tr className="border-b border-border">
                <th scope="col" className="py-1 pr-4 font-medium">{t('balance.day')}</th>
                <th scope="col" className="py-1 pr-4 text-right font-medium">{t('balance.bought')}</th>
                <th scope="col" className="py-1 text-right font-medium">{t('balance.used')}</th>
              </tr>
            </thead>
            <tbody>
              {history.map((point) => (
                <tr key={point.day} className="border-b border-border/60">
                  <td className="py-1 pr-4 tabular-nums">{point.day}</td>
                  <td className="py-1 pr-4 text-right tabular-nums">{formatPoints(point.bought)}</td>
                  <td className="py-1 text-right tabular-nums">{formatPoints(point.used)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </figure>
  );
}
