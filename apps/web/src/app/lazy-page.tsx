/**
 * Lazy page groups (spec §2: admin, client, management, users, dashboard, operator, reports,
 * log access; and the signed-in shell around them, issue 20). Each group is one dynamic import of
 * app/page-groups/<group>.tsx, which takes its pages from one or several features (the shell's also
 * the whole catalogue of the language shown), raced against CHUNK_LOAD_TIMEOUT_MS; a timeout or load
 * failure shows t('app.chunkTimeout') with a Retry button that loads the group again.
 */
import { Component, Suspense, lazy, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from '../shared/i18n/translator';
import { Alert, Button } from '@mui/material';
import { CHUNK_LOAD_TIMEOUT_MS } from '@vigil/contract';
import { Loading } from '../shared/components/Loading';
import { requireCatalogue } from '../shared/i18n/catalogue';
import { ChunkTimeoutError, withTimeout } from './chunk-timeout';

type PageModule = { pages: Record<string, ComponentType> };

export const pageGroups = {
  // The signed-in frame renders first, so it brings the whole catalogue (shared/i18n/catalogue.ts).
  shell: () => Promise.all([import('./page-groups/shell'), requireCatalogue('all')]).then(([group]) => group),
  admin: () => import('./page-groups/admin'),
  client: () => import('./page-groups/client'),
  management: () => import('./page-groups/management'),
  users: () => import('./page-groups/users'),
  dashboard: () => import('./page-groups/dashboard'),
  operator: () => import('./page-groups/operator'),
  reports: () => import('./page-groups/reports'),
  logaccess: () => import('./page-groups/logaccess'),
} satisfies Record<string, () => Promise<PageModule>>;

export type PageGroup = keyof typeof pageGroups;
export type PageName<G extends PageGroup> = keyof Awaited<ReturnType<(typeof pageGroups)[G]>>['pages'] & string;

/** Loads a group's chunk (the browser loads a module once, however often this is called). */
function load(group: PageGroup): Promise<PageModule> {
  const loader: () => Promise<PageModule> = pageGroups[group];
  return loader();
}

function makeLazy(group: PageGroup, name: string): ComponentType {
  return lazy(async () => {
    const mod = await withTimeout(load(group), CHUNK_LOAD_TIMEOUT_MS);
    const page = mod.pages[name];
    if (!page) throw new Error(`no page ${group}:${name}`);
    return { default: page };
  });
}

/**
 * A route element for page `name` of `group`. Called once per route when the route table is
 * built; Retry replaces the failed lazy component with a fresh one and remounts the boundary.
 * The element's type has `preload()`, which starts loading the group's chunk before the page
 * renders (router.tsx preloadCurrentPage).
 */
export function lazyPage<G extends PageGroup>(group: G, name: PageName<G>): ReactNode {
  const holder = { Page: makeLazy(group, name) };
  function LazyRoute() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      holder.Page = makeLazy(group, name);
      setAttempt((a) => a + 1);
    };
    const Page = holder.Page;
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyRoute.displayName = `LazyRoute(${group}:${name})`;
  LazyRoute.preload = () => void load(group).catch(() => undefined);
  return <LazyRoute />;
}

interface BoundaryProps {
  onRetry: () => void;
  children: ReactNode;
}

class ChunkErrorBoundary extends Component<BoundaryProps, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('page load failed', error, info.componentStack);
  }
  override render() {
    if (this.state.error) return <ChunkFailed timeout={this.state.error instanceof ChunkTimeoutError} onRetry={this.props.onRetry} />;
    return this.props.children;
  }
}

function ChunkFailed({ timeout, onRetry }: { timeout: boolean; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      severity="error"
      data-testid="chunk-error"
      action={
        <Button color="inherit" size="small" onClick={onRetry} data-testid="chunk-retry">
          {t('app.retry')}
        </Button>
      }
    >
      {timeout ? t('app.chunkTimeout') : t('app.chunkFailed')}
    </Alert>
  );
}
