import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPoints, type Balance } from '@/shared/points';

const WIDTH = 600;
const HEIGHT = 200;
const PAD = { top: 12, right: 12, bottom: 28, left: 48 };

/** Cumulative bought and used points per day as two lines, with the same figures as a table for screen readers and keyboards. */
export function BalanceChart({ history }: { history: Balance['history'] }) {
  const { t } = useTranslation('points');
  const titleId = useId();
  if (history.length === 0) return <p className="text-sm text-muted-foreground">{t('balance.chartEmpty')}</p>;
  const top = Math.max(10, ...history.map((point) => Math.max(point.bought, point.used)));
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
      <div className="flex flex-wrap gap-4 text-xs text-muted-foreground" aria-hidden="true">
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 bg-primary" /> {t('balance.bought')}
        </span>
        <span className="flex items-center gap-1.5">
          <span className="inline-block h-0.5 w-4 border-t-2 border-dashed border-amber-600" /> {t('balance.used')}
        </span>
      </div>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-labelledby={titleId} aria-describedby={`${titleId}-summary`} className="h-auto w-full">
        <desc id={`${titleId}-summary`}>{t('balance.chartLabel', { first, last })}</desc>
        {[0, 0.5, 1].map((share) => (
          <g key={share}>
            <line x1={PAD.left} x2={WIDTH - PAD.right} y1={y(top * share)} y2={y(top * share)} className="stroke-border" strokeWidth={1} />
            <text x={PAD.left - 6} y={y(top * share) + 4} textAnchor="end" className="fill-muted-foreground text-[11px]">
              {formatPoints(Math.round(top * share))}
            </text>
          </g>
        ))}
        <text x={PAD.left} y={HEIGHT - 8} className="fill-muted-foreground text-[11px]">
          {first}
        </text>
        <text x={WIDTH - PAD.right} y={HEIGHT - 8} textAnchor="end" className="fill-muted-foreground text-[11px]">
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
