import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';
import { shouldReloadOnReturn } from './tab-reload';

const reloadPage = () => window.location.reload();

/** Reloads the page when the tab comes back after more than 60 s hidden while the dashboard shows. */
export function useTabReturnReload(reload: () => void = reloadPage): void {
  const { pathname } = useLocation();
  const pathRef = useRef(pathname);
  useEffect(() => {
    pathRef.current = pathname;
  }, [pathname]);
  useEffect(() => {
    let hiddenAt: number | null = document.hidden ? Date.now() : null;
    const onChange = () => {
      if (document.hidden) {
        hiddenAt = Date.now();
        return;
      }
      const reloadNow = shouldReloadOnReturn(hiddenAt, Date.now(), pathRef.current);
      hiddenAt = null;
      if (reloadNow) reload();
    };
    document.addEventListener('visibilitychange', onChange);
    return () => document.removeEventListener('visibilitychange', onChange);
  }, [reload]);
}
