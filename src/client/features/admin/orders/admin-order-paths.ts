import { adminScreenPath } from '@/client/paths';

/** The back office's order screens. */
export const adminOrdersPath = adminScreenPath('orders');

export function adminOrderPath(orderId: string): string {
  return `${adminOrdersPath}/${encodeURIComponent(orderId)}`;
}
