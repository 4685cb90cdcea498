/**
 * The ENS e-mail and SMS in the recipient's language (ens_recipients.lang_id, 'en' | 'sq'), from
 * the catalogues (packages/i18n ens.mail.*, ens.sms.text). Every user value is escaped in the HTML.
 */
import { pickLanguage, translate } from '@vigil/i18n';
import { escapeHtml, type MailMessage } from '../account/messenger.js';

/** What an ENS message says: to whom (name, language), from whom, where, title and text. */
export interface EnsMessageParts {
  langId: string;
  name: string;
  sender: string | null;
  branch: string;
  title: string;
  message: string;
}

/** The ENS e-mail to `to`; `messageId` is stable per delivery so a retried send is the same message. */
export function ensMail(to: string, p: EnsMessageParts, product: string, messageId: string): MailMessage {
  const lang = pickLanguage(p.langId);
  const t = (key: string, vars: Record<string, string> = {}) => translate(lang, key, { product, ...vars });
  const lines = [
    t('ens.mail.greeting', { name: p.name }),
    t('ens.mail.intro', { sender: p.sender ?? product, branch: p.branch }),
    p.title,
    p.message,
    t('ens.mail.reply'),
    t('ens.mail.signature'),
  ];
  const para = (s: string, i: number) =>
    `<p style="margin:0 0 12px${i === 2 ? ';font-weight:bold;color:#c62828' : ''}">${escapeHtml(s).replace(/\n/g, '<br>')}</p>`;
  return {
    to,
    subject: t('ens.mail.subject', { title: p.title }),
    text: lines.join('\n\n'),
    html: `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">${lines.map(para).join('')}</body></html>`,
    messageId,
  };
}

/** The ENS SMS text (at most 640 characters: four concatenated SMS). */
export function ensSms(p: EnsMessageParts, product: string): string {
  const text = translate(pickLanguage(p.langId), 'ens.sms.text', { product, branch: p.branch, title: p.title, message: p.message });
  return text.length > 640 ? `${text.slice(0, 639)}…` : text;
}
