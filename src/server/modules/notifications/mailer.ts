import type { Transporter } from 'nodemailer';
import type { MailAttachment } from '../../db/schema';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  attachments?: MailAttachment[];
}

/** 'sent' when a transport took the mail, 'recorded' when none is configured (kept in the outbox only). */
export type DeliveryResult = 'sent' | 'recorded';

export interface Mailer {
  send(mail: Mail): Promise<DeliveryResult>;
  close(): void;
}

export function createMailer(options: { smtpUrl?: string; from: string }): Mailer {
  const { smtpUrl } = options;
  if (!smtpUrl) return { send: async () => 'recorded', close() {} };
  // nodemailer takes some 40 ms to load: loaded with the first mail, not at every start.
  let transport: Promise<Transporter> | undefined;
  return {
    async send(mail) {
      transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(smtpUrl));
      await (await transport).sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
      return 'sent';
    },
    close: () => void transport?.then((opened) => opened.close()),
  };
}
