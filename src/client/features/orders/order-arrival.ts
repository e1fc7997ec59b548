/**
 * The navigation state of the order page when the member arrives from the order just placed on
 * /buy-points (taken there after the countdown, or by its link): the page's heading takes the focus
 * the success message had, which went with that page.
 */
export const fromPlacedOrder = { fromPlacedOrder: true } as const;

export function arrivedFromPlacedOrder(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { fromPlacedOrder?: unknown }).fromPlacedOrder === true;
}
