/**
 * Navigation for the pages reached without a session (sign-in, activation, password reset, the
 * public survey; issue 20 "First page"). Those pages read their address and move on through this
 * context instead of react-router, so that a first page loads no router: the console's entry
 * provides it from a small history-API router (app/public-routes.tsx) until a session exists, and
 * the route table of the signed-in console (app/router.tsx) provides it from react-router when the
 * same pages show there.
 */
import { createContext, useContext, useMemo, type ComponentProps, type MouseEvent } from 'react';

/** Options of a navigation. */
export interface NavigateOptions {
  /** Replace the current history entry instead of adding one. */
  replace?: boolean;
}

/** The current address of a page and the way to leave it. */
export interface PageNav {
  /** The path, e.g. `/login`. */
  pathname: string;
  /** The query string with its `?`, or ''. */
  search: string;
  /** The values of the route's `:name` segments (decoded), and `*` for the rest after a `/*` route. */
  params: Readonly<Record<string, string | undefined>>;
  /** Goes to `to` (a same-site path with an optional query string). */
  navigate: (to: string, options?: NavigateOptions) => void;
}

const PageNavContext = createContext<PageNav | null>(null);

/** Provides the navigation of the page below it. */
export const PageNavProvider = PageNavContext.Provider;

/** The navigation of the current page. @throws when rendered outside a PageNavProvider (a bug). */
export function usePageNav(): PageNav {
  const nav = useContext(PageNavContext);
  if (!nav) throw new Error('usePageNav outside a PageNavProvider');
  return nav;
}

/** The route's `:name` segment values (as react-router's useParams). */
export function useRouteParams(): Readonly<Record<string, string | undefined>> {
  return usePageNav().params;
}

/** The query values of the current address (a new object when the query string changes). */
export function useQueryParams(): URLSearchParams {
  const { search } = usePageNav();
  return useMemo(() => new URLSearchParams(search), [search]);
}

/** The navigate function of the current page. */
export function useNavigateTo(): PageNav['navigate'] {
  return usePageNav().navigate;
}

/** Whether a click on a link should be left to the browser (new tab, modifier key, other button). */
function browserHandles(e: MouseEvent<HTMLAnchorElement>, target: string | undefined): boolean {
  return e.defaultPrevented || e.button !== 0 || (!!target && target !== '_self') || e.metaKey || e.altKey || e.ctrlKey || e.shiftKey;
}

/**
 * A link to the same-site path `to` that navigates in place on a plain click (as react-router's
 * Link); a middle click or a modifier key opens it as an ordinary link. Usable as MUI's
 * `component` prop (the `to` prop is passed through).
 */
export function NavLink({ to, onClick, target, ...rest }: ComponentProps<'a'> & { to: string }) {
  const navigate = useNavigateTo();
  return (
    <a
      {...rest}
      href={to}
      target={target}
      onClick={(e) => {
        onClick?.(e);
        if (browserHandles(e, target)) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
