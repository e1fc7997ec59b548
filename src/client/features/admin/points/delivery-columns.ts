/**
 * The headings of /admin/platformDeliveries' table (points namespace), in column order. The last
 * column holds the retry buttons, so it has its own heading: not the trial screen's 'Decision'.
 */
export const deliveryColumns = [
  { key: 'deliveries.created' },
  { key: 'deliveries.call' },
  { key: 'deliveries.account' },
  { key: 'deliveries.status' },
  { key: 'deliveries.error' },
  { key: 'deliveries.retryColumn', align: 'right' },
] as const;
