/**
 * The pages reached without a session (spec §2 Public routes: sign-in, activation, password reset,
 * the public survey) and the small router that shows them before a session exists (issue 20 "First
 * page": react-router and the signed-in route table load only with the console, app/full-app.tsx).
 *
 * Each page is its own chunk (publicPage), which main.tsx starts loading before the startup
 * session check (preloadPublicPage) and waits for, so the first render draws the page. The paths
 * match as react-router matches them (case-insensitive, trailing slashes allowed, `:name` segments
 * decoded, `/*` also matching nothing); app/router.tsx puts the same PUBLIC_ROUTES in its table.
 * The history store here is the address the public pages see in public mode (app/Root.tsx).
 */
import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import type { Area } from '../features/auth/api';
import { Loading } from '../shared/components/Loading';
import { requireCatalogue, type CataloguePart } from '../shared/i18n/catalogue';
import type { NavigateOptions } from '../shared/navigation/page-nav';
import { usePrefetchSignedIn } from './prefetch';

type PageModule = { default: ComponentType };

/** A route element's type that loads its chunk before it renders (resolves once loaded). */
export interface PublicPageType {
  preload: () => Promise<unknown>;
}

/**
 * A route element for a page reached without a session: its own chunk, loaded by `preload()`
 * (main.tsx, before the first render) or on first render (Suspense, the Loading spinner meanwhile).
 * Once loaded it renders at once, without suspending. `wrap` puts something around the page (the
 * sign-in prefetch).
 */
export function publicPage(load: () => Promise<PageModule>, wrap?: (page: ReactNode) => ReactNode): ReactNode {
  let Loaded: ComponentType | null = null;
  let pending: Promise<PageModule> | null = null;
  const preload = () => {
    pending ??= load().then(
      (m) => {
        Loaded = m.default;
        return m;
      },
      (err: unknown) => {
        pending = null; // a later render tries again
        throw err;
      },
    );
    return pending;
  };
  const Lazy = lazy(preload);
  function PublicRoute() {
    const page = Loaded ? (
      <Loaded />
    ) : (
      <Suspense fallback={<Loading />}>
        <Lazy />
      </Suspense>
    );
    return <>{wrap ? wrap(page) : page}</>;
  }
  PublicRoute.preload = preload;
  return <PublicRoute />;
}

/** Wraps a sign-in page of an area so that, once drawn, it prefetches the signed-in code (prefetch.ts). */
function SignInPrefetch({ area, children }: { area: Area; children: ReactNode }) {
  usePrefetchSignedIn(area);
  return <>{children}</>;
}

const signInPage = (area: Area, load: () => Promise<PageModule>) =>
  publicPage(load, (page) => <SignInPrefetch area={area}>{page}</SignInPrefetch>);

/**
 * A public page that shows a catalogue part of its own (loaded with it: shared/i18n/catalogue.ts).
 * The public pages use no query client (their calls: shared/api/use-load.ts, use-action.ts).
 */
const partPage = (part: CataloguePart, load: () => Promise<PageModule>) =>
  publicPage(async () => {
    const [page] = await Promise.all([load(), requireCatalogue(part)]);
    return page;
  });

/** A public route: a react-router style path and its element (a publicPage). */
export interface PublicRoute {
  path: string;
  element: ReactNode;
}

const resetPasswordPage = partPage('account', () => import('../features/account/pages/ResetPasswordPage'));
const activationPage = partPage('account', () => import('../features/account/pages/ActivationPage'));

/** The public routes, the more specific path of two first (the first that matches is shown). */
export const PUBLIC_ROUTES: PublicRoute[] = [
  { path: '/login', element: signInPage('client', () => import('../features/auth/pages/LoginPage')) },
  { path: '/admin/login', element: signInPage('admin', () => import('../features/auth/pages/AdminLoginPage')) },
  { path: '/resetpassword/:token/:email', element: resetPasswordPage },
  { path: '/validateToken/:token/:email', element: activationPage },
  // A link cut short in a mail client: the page says the link is invalid rather than stay blank.
  { path: '/resetpassword/*', element: resetPasswordPage },
  { path: '/validateToken/*', element: activationPage },
  { path: '/survey/:token/:id', element: partPage('surveys', () => import('../features/surveys/pages/PublicSurveyPage')) },
];

interface CompiledPath {
  re: RegExp;
  names: string[];
}

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

function compile(path: string): CompiledPath {
  const splat = path.endsWith('/*');
  const names: string[] = [];
  const body = (splat ? path.slice(0, -2) : path)
    .split('/')
    .map((segment) => {
      if (!segment.startsWith(':')) return escape(segment);
      names.push(segment.slice(1));
      return '([^/]+)';
    })
    .join('/');
  if (splat) names.push('*');
  return { re: new RegExp(`^${body}${splat ? '(?:/(.*))?$' : '/*$'}`, 'i'), names };
}

const decode = (value: string) => {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
};

const compiled = PUBLIC_ROUTES.map((route) => ({ route, ...compile(route.path) }));

/** The matched public route of `pathname` and its params, or null when it is not a public page's path. */
export function matchPublicRoute(pathname: string): { route: PublicRoute; params: Record<string, string | undefined> } | null {
  for (const { route, re, names } of compiled) {
    const m = re.exec(pathname);
    if (!m) continue;
    const params: Record<string, string | undefined> = {};
    names.forEach((name, i) => {
      params[name] = name === '*' ? decode(m[i + 1] ?? '') : decode(m[i + 1]!);
    });
    return { route, params };
  }
  return null;
}

/** The preload of a public route element (every PUBLIC_ROUTES element has one). */
export function preloadOf(element: ReactNode): (() => Promise<unknown>) | null {
  const type = (element as { type?: Partial<PublicPageType> } | null)?.type;
  return typeof type?.preload === 'function' ? type.preload : null;
}

/**
 * Starts loading the chunk of the public page `pathname` shows; resolves once it is there or could
 * not be loaded (the page then tries again as it renders), at once when `pathname` is no public page.
 */
export function preloadPublicPage(pathname: string): Promise<void> {
  const match = matchPublicRoute(pathname);
  const preload = match && preloadOf(match.route.element);
  return preload
    ? preload().then(
        () => undefined,
        () => undefined,
      )
    : Promise.resolve();
}

// The address in public mode: the browser's, changed by navigatePublic and the back/forward buttons.

/** The current address, `pathname + search`. */
export function currentAddress(): string {
  return window.location.pathname + window.location.search;
}

/** Calls `listener` whenever the address changes; returns the unsubscribe function. */
export function subscribeAddress(listener: () => void): () => void {
  window.addEventListener('popstate', listener);
  return () => window.removeEventListener('popstate', listener);
}

/**
 * Goes to the same-site address `to` through the history API and tells every listener with a
 * popstate event: the public router here, and react-router once the console has taken over (a
 * public page's navigation that finishes after the console took over still arrives there).
 */
export function navigatePublic(to: string, options?: NavigateOptions): void {
  if (options?.replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
}
