/**
 * The survey e-mails, in the recipient's language ('en' | 'sq'; texts from packages/i18n
 * surveys.mail.*), plain text and HTML with every user value escaped: the personal link of an
 * external respondent, and the notification of an answer that ended the survey with notification.
 */
import { pickLanguage, translate } from '@vigil/i18n';
import { escapeHtml, type MailMessage } from '../account/messenger.js';

/** The person a mail is for. */
export interface SurveyMailRecipient {
  email: string;
  name: string;
  langId: string;
}

function compose(r: SurveyMailRecipient, product: string, subject: string, lines: string[], action?: { label: string; url: string }) {
  const lang = pickLanguage(r.langId);
  const t = (key: string, vars: Record<string, string | number> = {}) => translate(lang, key, { product, ...vars });
  const greeting = t('account.mail.greeting', { name: r.name });
  const signature = t('account.mail.signature');
  const text = [greeting, '', ...lines, ...(action ? ['', `${action.label}: ${action.url}`] : []), '', signature].join('\n');
  const p = (s: string) => `<p style="margin:0 0 12px">${escapeHtml(s)}</p>`;
  const html = [
    `<!doctype html><html lang="${lang}"><body style="font-family:Arial,Helvetica,sans-serif;color:#222;line-height:1.5">`,
    p(greeting),
    ...lines.map(p),
    action
      ? `<p style="margin:16px 0"><a href="${escapeHtml(action.url)}" style="background:#1565c0;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(action.label)}</a></p>` +
        `<p style="margin:0 0 12px;font-size:12px;color:#555">${escapeHtml(action.url)}</p>`
      : '',
    p(signature),
    '</body></html>',
  ].join('');
  return { to: r.email, subject, text, html } satisfies MailMessage;
}

/** The personal single-use link to `/survey/<token>/<surveyId>` for an external respondent. */
export function surveyLinkMail(r: SurveyMailRecipient, product: string, v: { survey: string; branch: string; link: string }): MailMessage {
  const lang = pickLanguage(r.langId);
  const t = (key: string) => translate(lang, key, { product, survey: v.survey, branch: v.branch });
  return compose(r, product, t('surveys.mail.linkSubject'), [t('surveys.mail.linkIntro'), t('surveys.mail.linkAfter')], {
    label: t('surveys.mail.linkAction'),
    url: v.link,
  });
}

/** What a notification mail says: the answer that ended the survey, who gave it, when, and the recommendation. */
export interface SurveyNotice {
  survey: string;
  branch: string;
  question: string;
  answer: string;
  respondent: string;
  /** UTC, 'YYYY-MM-DD HH:mm'. */
  time: string;
  recommendation: string | null;
}

/** The mail to a NotifyUser or NotifyExternalUser after an answer that ended the survey with notification. */
export function surveyNotifyMail(r: SurveyMailRecipient, product: string, n: SurveyNotice): MailMessage {
  const lang = pickLanguage(r.langId);
  const t = (key: string) => translate(lang, key, { product, ...n, recommendation: n.recommendation ?? '' });
  const lines = [t('surveys.mail.notifyIntro'), t('surveys.mail.notifyAnswer'), t('surveys.mail.notifyRespondent')];
  if (n.recommendation) lines.push(t('surveys.mail.notifyRecommendation'));
  return compose(r, product, t('surveys.mail.notifySubject'), lines);
}
