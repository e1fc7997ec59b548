import type { DeliveryResult } from './mailer';

/**
 * A chat notice to staff (spec section 7 'lineNotify'). LINE Notify ended in 2025; the same notice
 * now goes out as a LINE Messaging API push message to one user or group.
 */
export interface Notifier {
  notify(message: string): Promise<DeliveryResult>;
}

export function createNotifier(options: { channelToken?: string; to?: string; apiUrl: string }): Notifier {
  const { channelToken, to, apiUrl } = options;
  if (!channelToken || !to) return { notify: async () => 'recorded' };
  return {
    async notify(message) {
      const response = await fetch(new URL('/v2/bot/message/push', apiUrl), {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${channelToken}` },
        // LINE caps a text message at 5000 characters.
        body: JSON.stringify({ to, messages: [{ type: 'text', text: message.slice(0, 5000) }] }),
        signal: AbortSignal.timeout(10_000),
      });
      if (!response.ok) throw new Error(`LINE push failed: ${response.status} ${await response.text().catch(() => '')}`.trim());
      return 'sent';
    },
  };
}
