/**
 * /videorecordings (spec §2; issue 15 part 2): the finished video calls as a report — the shared
 * filter bar and date range, server paging (at most 200 a page) and sorting, CSV and XLSX — with
 * waiting and talk times, the answerer, the transfer chain and whether a recording is kept. A row
 * opens the incident and its recording (/videorecording/[id]).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { TextField } from '@mui/material';
import { CallErrorCode, type VideoRecordingRow } from '@vigil/contract';
import { ReportScreen, type ReportColumn } from '../../reports/components/ReportScreen';
import { videoRecordingsReport, type VideoRecordingSort } from '../api';

function RecordingCell({ has }: { has: boolean }) {
  const { t } = useTranslation();
  return <span data-testid="video-recording-has">{t(has ? 'calls.page.yes' : 'calls.page.no')}</span>;
}

const COLUMNS: ReportColumn<VideoRecordingRow, VideoRecordingSort>[] = [
  { id: 'start', label: 'calls.columns.start', sortKey: 'start', nowrap: true, render: (r) => r.StartTimeLocal },
  { id: 'caller', label: 'calls.columns.caller', sortKey: 'caller', render: (r) => r.CallerName },
  { id: 'branch', label: 'calls.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
  { id: 'waiting', label: 'calls.columns.waiting', sortKey: 'waiting', nowrap: true, render: (r) => r.Waiting },
  { id: 'talk', label: 'calls.columns.talk', sortKey: 'talk', nowrap: true, render: (r) => r.Talk || '—' },
  { id: 'answeredBy', label: 'calls.columns.answeredBy', render: (r) => r.AnsweredByName ?? '—' },
  { id: 'transfers', label: 'calls.columns.transfers', render: (r) => r.TransferChain || '—' },
  { id: 'recording', label: 'calls.columns.recording', render: (r) => <RecordingCell has={r.HasRecording} /> },
];

export default function VideoRecordingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  return (
    <ReportScreen
      title="calls.recordings.title"
      testId="video-recordings"
      source={videoRecordingsReport(search.trim() || undefined)}
      columns={COLUMNS}
      defaultSort="start"
      errorKey={CallErrorCode.Retrieve}
      rowKey={(r) => r.IncidentId}
      onRowClick={(r) => void navigate(`/videorecording/${r.IncidentId}`)}
      filters={
        <TextField
          size="small"
          label={t('calls.recordings.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'video-recordings-search' } }}
        />
      }
    />
  );
}
