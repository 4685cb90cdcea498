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
  /** A stable Message-ID (`<…@…>`) so that a retried send is recognisable as the same message (ENS). */
  messageId?: string;
}

/** Where SMS go. The default keeps them in the outbox; SMS_URL selects the HTTP gateway adapter. */
export interface SmsAdapter {
  /**
   * Sends `text` to `to` (E.164). `key`, when given, identifies the message across retries (the
   * gateway may drop a repeat). Rejects when the provider refuses.
   */
  send(to: string, text: string, key?: string): Promise<void>;
}

/**
 * SMS through an HTTP gateway (SMS_URL): POST {to, text, id} as JSON with the header
 * `Idempotency-Key: id`; any 2xx answer is success, anything else (or no answer in 15 s) rejects.
 */
export class HttpSmsAdapter implements SmsAdapter {
  constructor(private readonly url: string) {}
  async send(to: string, text: string, key?: string): Promise<void> {
    const res = await fetch(this.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { 'idempotency-key': key } : {}) },
      body: JSON.stringify({ to, text, id: key ?? null }),
      signal: AbortSignal.timeout(15_000),
    });
    await res.body?.cancel();
    if (!res.ok) throw new Error(`SMS gateway answered ${res.status}`);
  }
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
    this.sms = config.smsUrl ? new HttpSmsAdapter(config.smsUrl) : new OutboxSmsAdapter(db);
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
      ...(message.messageId ? { messageId: message.messageId } : {}),
    });
  }

  /** Sends one SMS through the adapter (`key`: the message's idempotency key, see SmsAdapter). */
  sendSms(to: string, text: string, key?: string): Promise<void> {
    return this.sms.send(to, text, key);
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
