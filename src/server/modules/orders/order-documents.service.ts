import { createHash } from 'node:crypto';
import { isLanguage, type Language } from '../../../shared/languages';
import { paymentType } from '../../../shared/orders';
import type { Deps } from '../../deps';
import { groupById, userById } from '../accounts/users.service';
import { fileKey } from '../files/storage';
import { termsTexts } from './order-pdf-texts';
import { renderQuotation, renderTerms } from './order-pdfs';
import { findOrderDetails, updateOrderRow, type OrderRow } from './orders.repository';

export function languageOf(order: OrderRow): Language {
  return isLanguage(order.language) ? order.language : 'zh-TW';
}

/**
 * The terms PDF of `language`: rendered once and kept under the terms category, by a digest of its
 * text, so that a change of the terms is rendered again instead of the old file being served.
 */
export async function termsPdf(deps: Pick<Deps, 'storage' | 'config' | 'clock'>, language: Language): Promise<Buffer> {
  const digest = createHash('sha256').update(JSON.stringify(termsTexts[language])).digest('hex').slice(0, 16);
  const key = fileKey('terms', `point-terms-${language}-${digest}.pdf`);
  const stored = await deps.storage.get(key);
  if (stored) return stored;
  const bytes = await renderTerms(language, deps.config.BRAND_NAME, deps.clock());
  await deps.storage.put(key, bytes, { overwrite: false });
  return (await deps.storage.get(key)) ?? bytes;
}

/**
 * Renders the order's quotation in the order's language from the order, its plans and the buyer's
 * company data, stores it under orig-quotation and records its key on the order. Two first
 * downloads at once keep the file written first.
 */
export async function storeQuotation(deps: Pick<Deps, 'db' | 'storage' | 'config' | 'clock'>, order: OrderRow): Promise<Buffer> {
  const language = languageOf(order);
  const [group, buyer, details] = await Promise.all([groupById(deps.db, order.groupId), userById(deps.db, order.createdBy), findOrderDetails(deps.db, order.id)]);
  const bytes = await renderQuotation({
    orderId: order.id,
    placedAt: order.createdAt,
    language,
    brand: deps.config.BRAND_NAME,
    customer: {
      companyName: order.invoiceCompanyName || order.companyName,
      taxId: order.invoiceTaxId || group?.taxId || '',
      contactName: group?.contactPersonName ?? buyer?.name ?? '',
      phone: group?.contactPersonTel ?? '',
      email: group?.contactPersonEmail ?? buyer?.email ?? '',
      address: group?.companyAddress ?? '',
    },
    items: details.map((detail) => ({ name: detail.names[language] ?? detail.names['zh-TW'], unitPointsTenths: detail.unitPointsTenths, unitPriceMinor: detail.unitPriceMinor, quantity: detail.quantity })),
    totalMinor: order.totalMinor,
    pointsTenths: order.pointsTenths,
    bonusTenths: order.bonusTenths,
    // A virtual-account order is paid into its own account: our bank account is for remittance orders only.
    payment:
      order.paymentType === paymentType.virtualAccount
        ? { kind: 'virtualAccount', account: order.vaccAccount && order.vaccBankCode && order.vaccExpiresAt ? { bankCode: order.vaccBankCode, account: order.vaccAccount, expiresAt: order.vaccExpiresAt } : null }
        : { kind: 'remittance', bank: deps.config.REMITTANCE_BANK, accountName: deps.config.REMITTANCE_ACCOUNT_NAME, accountNo: deps.config.REMITTANCE_ACCOUNT_NO },
  });
  const key = fileKey('orig-quotation', `${order.id}.pdf`);
  await deps.storage.put(key, bytes, { overwrite: false });
  await updateOrderRow(deps.db, order.id, { quotationKey: key });
  return (await deps.storage.get(key)) ?? bytes;
}
