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

/** A page group's module: its pages by name. */
export type PageModule = { pages: Record<string, ComponentType> };

const loaders = {
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

export type PageGroup = keyof typeof loaders;
export type PageName<G extends PageGroup> = keyof Awaited<ReturnType<(typeof loaders)[G]>>['pages'] & string;

/** The modules already loaded, by loader (a group's, by load or a prefetch): their pages render at once. */
const loaded = new Map<() => Promise<PageModule>, PageModule>();

/** Runs `loader` (the browser loads a module once, however often this is called) and notes its module as loaded. */
function loadNoting(loader: () => Promise<PageModule>): Promise<PageModule> {
  return loader().then((mod) => {
    loaded.set(loader, mod);
    return mod;
  });
}

/**
 * The page groups' loaders (prefetch.ts): each resolves with the group's module and notes it as
 * loaded, so that a page of a group already here renders without suspending.
 */
export const pageGroups = Object.fromEntries(Object.entries(loaders).map(([group, loader]) => [group, () => loadNoting(loader)])) as {
  [G in PageGroup]: () => Promise<PageModule>;
};

function makeLazy(loader: () => Promise<PageModule>, label: string, name: string): ComponentType {
  return lazy(async () => {
    const mod = await withTimeout(loadNoting(loader), CHUNK_LOAD_TIMEOUT_MS);
    const page = mod.pages[name];
    if (!page) throw new Error(`no page ${label}:${name}`);
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
  return lazyRoute(loaders[group], group, name);
}

/**
 * lazyPage for any module loader (`label` names it in errors and in the component's name).
 * A module already loaded renders its page at once, without the Suspense fallback: a lazy
 * component suspends on its first render even then, and React holds the reveal of a suspended
 * page for up to 300 ms after its fallback showed (issue 20: sign-in → board drawn, where the
 * sign-in page prefetched the shell and the dashboard).
 */
export function lazyRoute(loader: () => Promise<PageModule>, label: string, name: string): ReactNode {
  const holder = { Page: makeLazy(loader, label, name) };
  function LazyRoute() {
    const [attempt, setAttempt] = useState(0);
    const retry = () => {
      holder.Page = makeLazy(loader, label, name);
      setAttempt((a) => a + 1);
    };
    // Chosen once per mount: a later switch from the lazy component to the loaded one would remount the page.
    const [ready] = useState(() => loaded.get(loader)?.pages[name] ?? null);
    const Page = (attempt === 0 ? ready : null) ?? holder.Page;
    return (
      <ChunkErrorBoundary key={attempt} onRetry={retry}>
        <Suspense fallback={<Loading />}>
          <Page />
        </Suspense>
      </ChunkErrorBoundary>
    );
  }
  LazyRoute.displayName = `LazyRoute(${label}:${name})`;
  LazyRoute.preload = () => void loadNoting(loader).catch(() => undefined);
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
