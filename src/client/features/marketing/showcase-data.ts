/**
 * The partner and customer showcase of the landing block (spec sections 2, 3 'Industry category'
 * and 9 'Industry logo counts'). Every company here is fictional and every logo an original
 * wordmark drawn by <Wordmark>; no real company's name or logo is used.
 */
export type Glyph = 'hex' | 'ring' | 'bolt' | 'leaf' | 'drop' | 'gear' | 'chip' | 'wave' | 'diamond' | 'bars';

export interface Company {
  name: string;
  glyph: Glyph;
  /** The wordmark's colour. */
  color: string;
}

/** An industry tab: its logos shown by default, and the alternate row shown when the block is expanded. */
export interface IndustryCategory {
  /** Spec section 3: 0 chemical, 1 information and electronics, 2 consumer goods, 3 metal and machinery. */
  id: number;
  defaultLogos: Company[];
  foldLogos: Company[];
}

export const partners: { firstRow: Company[]; secondRow: Company[] } = {
  firstRow: [
    { name: 'Optivance', glyph: 'ring', color: '#0f766e' },
    { name: 'Edgeforge', glyph: 'chip', color: '#1d4ed8' },
    { name: 'Cloudpier', glyph: 'wave', color: '#0369a1' },
    { name: 'Linkmatic', glyph: 'bars', color: '#7c3aed' },
    { name: 'Servora', glyph: 'gear', color: '#b45309' },
  ],
  secondRow: [
    { name: 'Lensworks', glyph: 'ring', color: '#be123c' },
    { name: 'Datavale', glyph: 'bars', color: '#15803d' },
    { name: 'Kinetiq', glyph: 'bolt', color: '#c2410c' },
    { name: 'Northlight', glyph: 'diamond', color: '#334155' },
    { name: 'Gridmosa', glyph: 'hex', color: '#0e7490' },
  ],
};

/** The list is data: a new industry is one more entry (and its name in the showcase texts). */
export const industryCategories: IndustryCategory[] = [
  {
    id: 0,
    defaultLogos: [
      { name: 'Chemora', glyph: 'drop', color: '#0f766e' },
      { name: 'Polyvane', glyph: 'hex', color: '#7c3aed' },
    ],
    foldLogos: [
      { name: 'Aurelite', glyph: 'diamond', color: '#b45309' },
      { name: 'Resinova', glyph: 'drop', color: '#be123c' },
    ],
  },
  {
    id: 1,
    defaultLogos: [
      { name: 'Quantelle', glyph: 'chip', color: '#1d4ed8' },
      { name: 'Nexboard', glyph: 'bars', color: '#0f766e' },
      { name: 'Silicora', glyph: 'hex', color: '#4338ca' },
      { name: 'Brightpin', glyph: 'bolt', color: '#c2410c' },
      { name: 'Vantronix', glyph: 'chip', color: '#0369a1' },
    ],
    foldLogos: [
      { name: 'Orbiqa', glyph: 'ring', color: '#7c3aed' },
      { name: 'Circuvia', glyph: 'wave', color: '#15803d' },
      { name: 'Lumisense', glyph: 'diamond', color: '#be123c' },
    ],
  },
  {
    id: 2,
    defaultLogos: [
      { name: 'Maplebrook', glyph: 'leaf', color: '#b45309' },
      { name: 'Nestwell', glyph: 'ring', color: '#0f766e' },
      { name: 'Cozyline', glyph: 'wave', color: '#be123c' },
      { name: 'Sunnidew', glyph: 'drop', color: '#ca8a04' },
    ],
    foldLogos: [
      { name: 'Tidehome', glyph: 'wave', color: '#0369a1' },
      { name: 'Kettleway', glyph: 'hex', color: '#7c2d12' },
      { name: 'Brightcup', glyph: 'diamond', color: '#c2410c' },
      { name: 'Petalry', glyph: 'leaf', color: '#15803d' },
    ],
  },
  {
    id: 3,
    defaultLogos: [
      { name: 'Ironvale', glyph: 'gear', color: '#334155' },
      { name: 'Forgeline', glyph: 'bolt', color: '#c2410c' },
      { name: 'Steelmont', glyph: 'bars', color: '#1e40af' },
      { name: 'Torqway', glyph: 'gear', color: '#0f766e' },
      { name: 'Millbright', glyph: 'hex', color: '#7c3aed' },
    ],
    foldLogos: [
      { name: 'Anvilo', glyph: 'diamond', color: '#475569' },
      { name: 'Cobaltix', glyph: 'chip', color: '#1d4ed8' },
      { name: 'Rivetra', glyph: 'bolt', color: '#b45309' },
    ],
  },
];
