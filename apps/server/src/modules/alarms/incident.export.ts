/**
 * The incident timeline as a file for the investigation (issue 13; getalarmincident with `format`
 * 'csv' or 'pdf'), texts in the request's language. CSV: the reports' writer (reports/export.ts:
 * csv-stringify, every text cell neutralised against formula injection), one row per timeline
 * entry. PDF: pdfkit with its standard Helvetica (no font files, nothing fetched; Latin-1 and the
 * Windows-1252 punctuation, which covers English and Albanian): a header with the alarm, the
 * branch and the figures, then the timeline, oldest first. Both are `incident-<alarmId>.<ext>`.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import { formatInZone, incidentEntryText, dispositionText, type AlarmIncident, type SocketEvent } from '@vigil/contract';
import { translate, type Language } from '@vigil/i18n';
import { requestLanguage } from '../../plugins/errors.js';
import { sendExport, type Column } from '../reports/export.js';

/** One timeline entry with its texts in the export's language. */
interface ExportRow {
  e: SocketEvent;
  what: string;
  who: string;
  details: string;
}

/** `formatInZone`, in UTC when the branch's zone is unknown. */
function inZone(isoUtc: string, zone: string): string {
  try {
    return formatInZone(isoUtc, zone);
  } catch {
    return formatInZone(isoUtc, 'UTC');
  }
}

/** The columns of the CSV (headers alarms.incident.columns.*): time at the branch, logged, what, who, details, event id. */
function columns(zone: string): Column<ExportRow>[] {
  return [
    { key: 'alarms.incident.columns.time', value: (r) => inZone(r.e.NotificationTimeAddedUTC, zone) },
    { key: 'alarms.incident.columns.logged', value: (r) => inZone(r.e.LoggedAtUTC, zone) },
    { key: 'alarms.incident.columns.what', value: (r) => r.what },
    { key: 'alarms.incident.columns.who', value: (r) => r.who },
    { key: 'alarms.incident.columns.details', value: (r) => r.details },
    { key: 'alarms.incident.columns.id', value: (r) => r.e.id },
  ];
}

function exportRows(incident: AlarmIncident, lang: Language): ExportRow[] {
  const t = (key: string, vars?: Record<string, string | number>) => translate(lang, key, vars);
  return incident.Timeline.map((e) => {
    const x = incidentEntryText(e, t);
    return { e, what: x.What, who: x.Who, details: x.Details };
  });
}

/** Sends the timeline of `incident` as `incident-<id>.csv`. */
export function sendIncidentCsv(req: FastifyRequest, reply: FastifyReply, incident: AlarmIncident) {
  const list = exportRows(incident, requestLanguage(req));
  return sendExport(
    req,
    reply,
    'csv',
    `incident-${incident.Alarm.NotificationId}`,
    list.length,
    columns(incident.Branch.BranchTimeZone),
    async function* () {
      yield list;
    },
  );
}

/** Characters Helvetica's standard encoding (Windows-1252) has beyond Latin-1. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/** Text the standard fonts can show: other characters become '?'. */
function pdfSafe(s: string): string {
  let out = '';
  for (const ch of s) out += ch.codePointAt(0)! <= 0xff || WIN_ANSI_EXTRA.has(ch) ? ch : '?';
  return out;
}

/** A duration in seconds as "1 h 2 min 3 s" (catalogue alarms.incident.duration.*); '—' for none. */
function duration(lang: Language, seconds: number | null): string {
  if (seconds == null) return '—';
  const s = Math.max(0, seconds);
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const parts: string[] = [];
  if (h) parts.push(translate(lang, 'alarms.incident.duration.h', { count: h }));
  if (m) parts.push(translate(lang, 'alarms.incident.duration.min', { count: m }));
  if (s % 60 || parts.length === 0) parts.push(translate(lang, 'alarms.incident.duration.s', { count: s % 60 }));
  return parts.join(' ');
}

/** Builds the PDF of `incident` (A4, margins 40 pt) and resolves with its bytes. */
export async function incidentPdf(incident: AlarmIncident, lang: Language): Promise<Buffer> {
  // pdfkit (~25 MB of the process's memory once loaded) is loaded by the first PDF asked for.
  const { default: PDFDocument } = await import('pdfkit');
  const t = (key: string, vars?: Record<string, string | number>) => pdfSafe(translate(lang, key, vars));
  const zone = incident.Branch.BranchTimeZone;
  const a = incident.Alarm;
  const b = incident.Branch;
  const f = incident.Figures;
  const rowsOf = exportRows(incident, lang);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: pdfSafe(`${t('alarms.incident.title')} ${a.NotificationId}`), Creator: 'Vigil' },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const width = doc.page.width - 80;
  const what = rowsOf[0]?.e.id === a.NotificationId ? rowsOf[0].what : (a.BranchAction ?? '');

  doc
    .font('Helvetica-Bold')
    .fontSize(16)
    .text(pdfSafe(t('alarms.incident.heading', { action: what, branch: b.Name })), { width });
  doc.moveDown(0.3);
  doc.font('Helvetica').fontSize(10);
  const line = (label: string, value: string) => {
    doc.font('Helvetica-Bold').text(`${label}: `, { continued: true, width });
    doc.font('Helvetica').text(pdfSafe(value || '—'), { width });
  };
  line(t('alarms.incident.alarmId'), String(a.NotificationId));
  line(t('alarms.incident.raisedAt'), inZone(a.NotificationTimeAddedUTC, zone));
  line(t('alarms.incident.raisedBy'), [a.Name, a.Surname].filter(Boolean).join(' '));
  line(t('alarms.incident.address'), [b.Address, b.City, b.State, b.ZipCode, b.Country].filter(Boolean).join(', '));
  line(t('alarms.incident.phone'), b.PhoneNumber ?? '');
  line(t('alarms.incident.offices'), b.SecurityOffices.map((o) => o.Name).join(', '));
  if (a.Acknowledged) {
    line(t('alarms.incident.acknowledged'), `${a.Acknowledged.Name}, ${inZone(a.Acknowledged.AtUTC, zone)}`);
    if (a.Acknowledged.Disposition) line(t('alarms.incident.disposition'), dispositionText(t, a.Acknowledged.Disposition));
    if (a.Acknowledged.Note) line(t('alarms.incident.note'), a.Acknowledged.Note);
  } else line(t('alarms.incident.acknowledged'), t('alarms.incident.notYet'));

  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(12).text(t('alarms.incident.figures'), { width });
  doc.font('Helvetica').fontSize(10);
  line(t('alarms.incident.figure.signal'), inZone(f.SignalAtUTC, zone));
  line(t('alarms.incident.figure.shown'), `${inZone(f.ShownAtUTC, zone)} (+${duration(lang, f.SignalToShownSeconds)})`);
  line(
    t('alarms.incident.figure.acknowledged'),
    f.AcknowledgedAtUTC ? `${inZone(f.AcknowledgedAtUTC, zone)} (+${duration(lang, f.ShownToAcknowledgedSeconds)})` : '',
  );
  line(
    t('alarms.incident.figure.closed'),
    f.ClosedAtUTC ? `${inZone(f.ClosedAtUTC, zone)} (+${duration(lang, f.AcknowledgedToClosedSeconds)})` : '',
  );

  doc.moveDown(0.6);
  doc.font('Helvetica-Bold').fontSize(12).text(t('alarms.incident.timeline'), { width });
  doc.moveDown(0.2);
  for (const r of rowsOf) {
    doc
      .font('Helvetica-Bold')
      .fontSize(10)
      .text(pdfSafe(`${inZone(r.e.NotificationTimeAddedUTC, zone)}  ${r.what}${r.who ? ` — ${r.who}` : ''}`), {
        width,
      });
    if (r.details) doc.font('Helvetica').fontSize(9).text(pdfSafe(r.details), { width, indent: 12 });
    doc.moveDown(0.25);
  }
  if (incident.TimelineTruncated) doc.font('Helvetica-Oblique').fontSize(9).text(t('alarms.incident.truncated'), { width });
  doc.end();
  return done;
}

/** Sends the PDF of `incident` as `incident-<id>.pdf`. */
export async function sendIncidentPdf(req: FastifyRequest, reply: FastifyReply, incident: AlarmIncident) {
  const pdf = await incidentPdf(incident, requestLanguage(req));
  reply.header('content-type', 'application/pdf');
  reply.header('content-disposition', `attachment; filename="incident-${incident.Alarm.NotificationId}.pdf"`);
  reply.header('access-control-expose-headers', 'content-disposition');
  reply.header('cache-control', 'no-store');
  return reply.send(pdf);
}
