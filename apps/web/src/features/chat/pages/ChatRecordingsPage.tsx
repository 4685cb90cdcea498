/**
 * /chatrecordings (spec §2; issue 14 Transcripts): the closed chat sessions as a report — the shared
 * filter bar and date range, server paging and sorting, CSV and XLSX — with waiting and handling
 * times. A row opens its transcript (/chatrecording/[id]).
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from '../../../shared/i18n/translator';
import { TextField } from '@mui/material';
import { ChatErrorCode, type ChatRecordingRow } from '@vigil/contract';
import { ReportScreen, type ReportColumn } from '../../reports/components/ReportScreen';
import { chatRecordingsReport, type ChatRecordingSort } from '../api';

const COLUMNS: ReportColumn<ChatRecordingRow, ChatRecordingSort>[] = [
  { id: 'start', label: 'chat.columns.start', sortKey: 'start', nowrap: true, render: (r) => r.StartTimeLocal },
  { id: 'caller', label: 'chat.columns.caller', sortKey: 'caller', render: (r) => r.MobileCallerName },
  { id: 'officer', label: 'chat.columns.officer', render: (r) => r.SecurityOfficerName },
  { id: 'branch', label: 'chat.columns.branch', sortKey: 'branch', render: (r) => r.BranchOfficeName },
  { id: 'waiting', label: 'chat.columns.waiting', sortKey: 'waiting', nowrap: true, render: (r) => r.Waiting },
  { id: 'handling', label: 'chat.columns.handling', sortKey: 'handling', nowrap: true, render: (r) => r.Handling },
  { id: 'messages', label: 'chat.columns.messages', render: (r) => r.Messages },
  { id: 'finishedBy', label: 'chat.columns.finishedBy', render: (r) => r.FinishedByName },
];

export default function ChatRecordingsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  return (
    <ReportScreen
      title="chat.recordings.title"
      testId="chat-recordings"
      source={chatRecordingsReport(search.trim() || undefined)}
      columns={COLUMNS}
      defaultSort="start"
      errorKey={ChatErrorCode.Retrieve}
      rowKey={(r) => r.ChatRoomId}
      onRowClick={(r) => void navigate(`/chatrecording/${r.ChatSessionId}`)}
      filters={
        <TextField
          size="small"
          label={t('chat.recordings.search')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'chat-recordings-search' } }}
        />
      }
    />
  );
}
