/**
 * Page group "shell" (lazy, issue 20): the signed-in frame — drawer, top bar, real-time channel —
 * with the global date range it offers to the report screens (sessionStorage, so it survives
 * the frame's remounts) and the query client every signed-in page reads through. Nothing of it
 * loads on the pages reached without a session.
 */
import Shell from '../../features/shell/components/Shell';
import { DateRangeProvider } from '../../shared/date-range/date-range-context';
import { QueryProvider } from '../../shared/api/QueryProvider';

function SignedInShell() {
  return (
    <QueryProvider>
      <DateRangeProvider>
        <Shell />
      </DateRangeProvider>
    </QueryProvider>
  );
}

export const pages = { shell: SignedInShell };
