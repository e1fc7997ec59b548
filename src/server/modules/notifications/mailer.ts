import nodemailer from 'nodemailer';
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
  if (!options.smtpUrl) return { send: async () => 'recorded', close() {} };
  const transport = nodemailer.createTransport(options.smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, to: mail.to, subject: mail.subject, text: mail.text, attachments: mail.attachments });
      return 'sent';
    },
    close: () => transport.close(),
  };
}
