/**
 * Page group "shell" (lazy, issue 20): the signed-in frame — drawer, top bar, real-time channel —
 * with the global date range it offers to the report screens (sessionStorage, so it survives
 * the frame's remounts). Nothing of it loads on the pages reached without a session.
 */
import Shell from '../../features/shell/components/Shell';
import { DateRangeProvider } from '../../shared/date-range/date-range-context';

function SignedInShell() {
  return (
    <DateRangeProvider>
      <Shell />
    </DateRangeProvider>
  );
}

export const pages = { shell: SignedInShell };
