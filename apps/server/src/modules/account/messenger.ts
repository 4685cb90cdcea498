/**
 * Messages to people: e-mail through nodemailer to SMTP_URL, SMS through an adapter. With no
 * SMTP_URL (the embedded default) e-mail is kept in the `outbox` table, which the platform admin
 * reads at /admin/outbox (the demo mailbox); the default SMS adapter keeps SMS there too.
 * Message bodies are never logged (they carry one-time links and temporary passwords).
 */
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config.js';
import type { Db } from '../../db/client.js';
import { outbox } from '../../db/schema/index.js';

/** An e-mail: plain text and HTML alternatives (the HTML escapes every user value). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where SMS go. The default keeps them in the outbox; a provider adapter can replace it. */
export interface SmsAdapter {
  /** Sends `text` to `to` (E.164). Rejects when the provider refuses. */
  send(to: string, text: string): Promise<void>;
}

/** SMS adapter that keeps each message in the outbox table (no provider configured). */
export class OutboxSmsAdapter implements SmsAdapter {
  constructor(private readonly db: Db) {}
  async send(to: string, text: string): Promise<void> {
    await this.db.insert(outbox).values({ channel: 'sms', recipient: to, subject: null, text, html: null });
  }
}

/** Sends e-mail (SMTP or outbox) and SMS (adapter). One per configuration, see messengerFor. */
export class Messenger {
  private readonly transport: Transporter | undefined;
  sms: SmsAdapter;
  constructor(
    private readonly config: Config,
    private readonly db: Db,
  ) {
    this.transport = config.smtpUrl ? nodemailer.createTransport(config.smtpUrl) : undefined;
    this.sms = new OutboxSmsAdapter(db);
  }

  /** True when e-mail is kept in the outbox (no SMTP_URL). */
  get usesOutbox(): boolean {
    return !this.transport;
  }

  /** Sends one e-mail, or keeps it in the outbox when no SMTP server is configured. Rejects on SMTP failure. */
  async sendMail(message: MailMessage): Promise<void> {
    if (!this.transport) {
      await this.db
        .insert(outbox)
        .values({ channel: 'email', recipient: message.to, subject: message.subject, text: message.text, html: message.html });
      return;
    }
    await this.transport.sendMail({
      from: this.config.mailFrom,
      to: message.to,
      subject: message.subject,
      text: message.text,
      html: message.html,
    });
  }

  /** Sends one SMS through the adapter. */
  sendSms(to: string, text: string): Promise<void> {
    return this.sms.send(to, text);
  }

  close(): void {
    this.transport?.close();
  }
}

const messengers = new WeakMap<Config, Messenger>();

/** The messenger of a server (keyed by its configuration object, shared by every plugin context). */
export function messengerFor(app: { config: Config; db: Db }): Messenger {
  let m = messengers.get(app.config);
  if (!m) {
    m = new Messenger(app.config, app.db);
    messengers.set(app.config, m);
  }
  return m;
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}
