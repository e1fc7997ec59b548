import type PDFDocument from 'pdfkit';
import type { Language } from '../../../shared/languages';
import { formatTaipeiDateTime } from '../../../shared/money';
import { quotationTexts, termsTexts } from './order-pdf-texts';
import { fontPath, fontRuns, loadFontkit, pdfFontNames } from './pdf-fonts';

/** How long a quotation is valid after the order was placed (a virtual-account order's: until its account's deadline, if sooner). */
export const QUOTATION_VALID_DAYS = 30;

export interface QuotationData {
  orderId: string;
  placedAt: Date;
  language: Language;
  brand: string;
  customer: { companyName: string; taxId: string; contactName: string; phone: string; email: string; address: string };
  items: Array<{ name: string; unitPointsTenths: number; unitPriceMinor: number; quantity: number }>;
  totalMinor: number;
  pointsTenths: number;
  bonusTenths: number;
  /** Remittance: our bank account; a virtual account (NEWEBPAY_VACC): its own account, once issued. */
  payment: { kind: 'remittance'; bank: string; accountName: string; accountNo: string } | { kind: 'virtualAccount'; account: { bankCode: string; account: string; expiresAt: Date } | null };
}

type Doc = InstanceType<typeof PDFDocument>;

const twd = (minor: number) => (minor / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const pts = (tenths: number) => (tenths / 10).toFixed(1);
const day = (date: Date) => formatTaipeiDateTime(date).slice(0, 10);

/** pdfkit and fontkit take over 0.1 s to load: they are loaded with the first PDF, not at every start. */
async function newDocument(title: string, brand: string, createdAt: Date): Promise<Doc> {
  const [{ default: PDFDocument }] = await Promise.all([import('pdfkit'), loadFontkit()]);
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: title, Author: brand, Creator: brand, CreationDate: createdAt } });
  for (const name of pdfFontNames) doc.registerFont(name, fontPath(name));
  return doc;
}

/** Writes `text` in runs of the fonts that have its characters; at (x, y) when given, else where the last text ended. */
function write(doc: Doc, text: string, language: Language, options: { x?: number; y?: number; width?: number; size?: number; bold?: boolean; align?: 'left' | 'right' | 'center' } = {}) {
  const runs = fontRuns(text || ' ', language, options.bold);
  doc.fontSize(options.size ?? 10);
  runs.forEach((run, index) => {
    doc.font(run.font);
    const layout = { width: options.width, align: options.align, continued: index < runs.length - 1 };
    if (index === 0 && options.x !== undefined) doc.text(run.text, options.x, options.y ?? doc.y, layout);
    else doc.text(run.text, layout);
  });
}

function finish(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}

function heading(doc: Doc, text: string, language: Language) {
  doc.moveDown(0.8);
  write(doc, text, language, { x: 50, size: 12, bold: true });
  doc.moveTo(50, doc.y + 2).lineTo(545, doc.y + 2).lineWidth(0.5).strokeColor('#9ca3af').stroke();
  doc.moveDown(0.4);
}

function labelled(doc: Doc, language: Language, label: string, value: string) {
  const y = doc.y;
  write(doc, label, language, { x: 50, y, width: 140 });
  const after = doc.y;
  write(doc, value, language, { x: 195, y, width: 350 });
  doc.y = Math.max(after, doc.y) + 2;
}

/** The last day the quotation holds: 30 days after placing, or a virtual account's deadline when that comes first (it cannot be paid after it). */
function validUntil(data: QuotationData): Date {
  const quoted = new Date(data.placedAt.getTime() + QUOTATION_VALID_DAYS * 86_400_000);
  const deadline = data.payment.kind === 'virtualAccount' ? data.payment.account?.expiresAt : undefined;
  return deadline && deadline < quoted ? deadline : quoted;
}

/** The quotation of an order in the member's language: buyer, plans, amounts in TWD with 2 decimals, how to pay (the account to remit to, or the order's virtual account), the validity date. */
export async function renderQuotation(data: QuotationData): Promise<Buffer> {
  const t = quotationTexts[data.language];
  const lang = data.language;
  const doc = await newDocument(`${data.brand} ${t.title} ${data.orderId}`, data.brand, data.placedAt);
  write(doc, `${data.brand} ${t.title}`, lang, { x: 50, y: 50, size: 20, bold: true });
  doc.moveDown(0.5);
  labelled(doc, lang, t.number, data.orderId);
  labelled(doc, lang, t.date, day(data.placedAt));
  labelled(doc, lang, t.validUntil, day(validUntil(data)));

  heading(doc, t.customer, lang);
  const c = data.customer;
  for (const [label, value] of [
    [t.company, c.companyName],
    [t.taxId, c.taxId],
    [t.contact, c.contactName],
    [t.phone, c.phone],
    [t.email, c.email],
    [t.address, c.address],
  ] as const) {
    labelled(doc, lang, label, value);
  }

  heading(doc, t.items, lang);
  const columns = [
    { x: 50, width: 175, align: 'left' as const },
    { x: 230, width: 60, align: 'right' as const },
    { x: 295, width: 95, align: 'right' as const },
    { x: 395, width: 45, align: 'right' as const },
    { x: 445, width: 100, align: 'right' as const },
  ];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    let bottom = y;
    cells.forEach((cell, index) => {
      write(doc, cell, lang, { ...columns[index]!, y, bold });
      bottom = Math.max(bottom, doc.y);
    });
    doc.y = bottom + 4;
  };
  row(t.columns, true);
  for (const item of data.items) row([item.name, pts(item.unitPointsTenths * item.quantity), twd(item.unitPriceMinor), String(item.quantity), twd(item.unitPriceMinor * item.quantity)]);
  doc.moveTo(50, doc.y).lineTo(545, doc.y).lineWidth(0.5).strokeColor('#9ca3af').stroke();
  doc.y += 4;
  row([t.total, pts(data.pointsTenths), '', '', twd(data.totalMinor)], true);
  if (data.bonusTenths > 0) write(doc, `${t.bonus}: ${pts(data.bonusTenths)} ${t.pointsUnit}`, lang, { x: 50, size: 9 });

  const payment = data.payment;
  if (payment.kind === 'remittance') {
    heading(doc, t.remittance, lang);
    labelled(doc, lang, t.bank, payment.bank);
    labelled(doc, lang, t.accountName, payment.accountName);
    labelled(doc, lang, t.accountNo, payment.accountNo);
    write(doc, t.remittanceNote, lang, { x: 50, width: 495, size: 9 });
  } else {
    heading(doc, t.virtualAccount, lang);
    if (payment.account) {
      labelled(doc, lang, t.bankCode, payment.account.bankCode);
      labelled(doc, lang, t.virtualAccountNo, payment.account.account);
      labelled(doc, lang, t.deadline, formatTaipeiDateTime(payment.account.expiresAt));
    }
    write(doc, t.virtualAccountNote, lang, { x: 50, width: 495, size: 9 });
    if (!payment.account) write(doc, t.virtualAccountPending, lang, { x: 50, width: 495, size: 9 });
  }
  doc.moveDown(0.5);
  for (const note of t.notes) write(doc, `• ${note}`, lang, { x: 50, width: 495, size: 9 });

  heading(doc, t.signature, lang);
  write(doc, t.signatureLine, lang, { x: 50, width: 495 });
  doc.moveDown(3);
  doc.moveTo(300, doc.y).lineTo(545, doc.y).lineWidth(0.5).strokeColor('#111827').stroke();
  return finish(doc);
}

/** The point purchase terms in `language`. */
export async function renderTerms(language: Language, brand: string, date: Date): Promise<Buffer> {
  const t = termsTexts[language];
  const doc = await newDocument(`${brand} ${t.title}`, brand, date);
  write(doc, `${brand} ${t.title}`, language, { x: 50, y: 50, size: 20, bold: true });
  write(doc, t.version, language, { x: 50, size: 9 });
  doc.moveDown(1);
  t.clauses.forEach((clause, index) => {
    write(doc, `${index + 1}. ${clause}`, language, { x: 50, width: 495, size: 11 });
    doc.moveDown(0.6);
  });
  return finish(doc);
}
