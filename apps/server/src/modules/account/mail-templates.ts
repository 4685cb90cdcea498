/**
 * The account e-mails (activation, reset, temporary password) in the recipient's language
 * (users.lang_id, 'en' | 'sq'), as plain text and HTML. Texts come from the catalogues
 * (packages/i18n account.mail.*); every user value is escaped in the HTML.
 */
import { pickLanguage, translate, type Language } from '@vigil/i18n';
import { escapeHtml, type MailMessage } from './messenger.js';

/** The person a mail is for. */
export interface Recipient {
  email: string;
  name: string;
  langId: string;
}

/** The recipient's language: their stored LangId, English when unknown. */
export function recipientLanguage(r: Recipient): Language {
  return pickLanguage(r.langId);
}

interface Parts {
  subjectKey: string;
  lines: string[];
  action?: { label: string; url: string };
  after: string[];
}

function compose(r: Recipient, product: string, parts: Parts): MailMessage {
  const lang = recipientLanguage(r);
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, key, { product, ...vars });
  const greeting = t('account.mail.greeting', { name: r.name });
  const signature = t('account.mail.signature');
  const text = [
    greeting,
    '',
    ...parts.lines,
    ...(parts.action ? ['', `${parts.action.label}: ${parts.action.url}`] : []),
    '',
    ...parts.after,
    '',
    signature,
  ].join('\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">`,
    p(greeting),
    ...parts.lines.map(p),
    parts.action
      ? `<p style="margin:16px 0"><a href="${escapeHtml(parts.action.url)}" style="background:#1565c0;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p>` +
        `<p style="margin:0 0 12px;font-size:12px;color:#555">${escapeHtml(parts.action.url)}</p>`
      : '',
    ...parts.after.map(p),
    p(signature),
    '</body></html>',
  ].join('');
  return { to: r.email, subject: t(parts.subjectKey), text, html };
}

/** Activation mail with the /validateToken link, valid `hours`. */
export function activationMail(r: Recipient, product: string, link: string, hours: number): MailMessage {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(recipientLanguage(r), key, { product, ...vars });
  return compose(r, product, {
    subjectKey: 'account.mail.activation.subject',
    lines: [t('account.mail.activation.body')],
    action: { label: t('account.mail.activation.action'), url: link },
    after: [t('account.mail.activation.expiry', { hours }), t('account.mail.ignore')],
  });
}

/** Reset mail with the /resetpassword link, valid `hours`. */
export function resetMail(r: Recipient, product: string, link: string, hours: number): MailMessage {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(recipientLanguage(r), key, { product, ...vars });
  return compose(r, product, {
    subjectKey: 'account.mail.reset.subject',
    lines: [t('account.mail.reset.body')],
    action: { label: t('account.mail.reset.action'), url: link },
    after: [t('account.mail.reset.expiry', { hours }), t('account.mail.ignore')],
  });
}

/** Temporary-password mail. */
export function temporaryPasswordMail(r: Recipient, product: string, password: string, loginUrl: string): MailMessage {
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(recipientLanguage(r), key, { product, ...vars });
  return compose(r, product, {
    subjectKey: 'account.mail.temporary.subject',
    lines: [t('account.mail.temporary.body'), t('account.mail.temporary.password', { password })],
    action: { label: product, url: loginUrl },
    after: [t('account.mail.temporary.change')],
  });
}

/** Activation SMS text. */
export function activationSms(r: Recipient, product: string, link: string): string {
  return translate(recipientLanguage(r), 'account.mail.sms.activation', { product, link });
}
