// @vitest-environment jsdom
/**
 * The public router (issue 20 "First page") shows the page react-router would show for the same
 * address: matchPublicRoute agrees with react-router's matchRoutes over PUBLIC_ROUTES (which page,
 * which params, decoded) for the paths the mails and links use, their odd spellings, and paths that
 * are no public page.
 */
import { describe, expect, it } from 'vitest';
import { matchRoutes } from 'react-router';
import { PUBLIC_ROUTES, matchPublicRoute } from './public-routes';

const PATHS = [
  '/login',
  '/LOGIN',
  '/login/',
  '/admin/login',
  '/Admin/Login/',
  '/validateToken/abc-123/bench%40example.com',
  '/validatetoken/abc/def',
  '/validateToken/abc',
  '/validateToken',
  '/validateToken/',
  '/validateToken/a/b/c',
  '/resetpassword/t0k%2Fen/a%2Bb%40example.com',
  '/resetpassword/tok',
  '/resetpassword',
  '/survey/12-abc/3',
  '/survey/12-abc/3/',
  '/survey/12-abc',
  '/survey/12-abc/3/4',
  '/',
  '/daily',
  '/logout',
  '/admin',
  '/admin/employees',
  '/loginx',
  '/x/login',
];

describe('matchPublicRoute', () => {
  it.each(PATHS)('matches %s as react-router does', (path) => {
    const ours = matchPublicRoute(path);
    const theirs = matchRoutes(
      PUBLIC_ROUTES.map((r) => ({ path: r.path, element: r.element })),
      path,
    );
    const last = theirs?.[theirs.length - 1];
    if (!last) {
      expect(ours).toBeNull();
      return;
    }
    expect(ours?.route.path).toBe(last.route.path);
    expect(ours?.params).toEqual(last.params);
  });

  it('decodes the segments (the activation mail puts the address in the path)', () => {
    expect(matchPublicRoute('/validateToken/abc-123/bench%40example.com')?.params).toEqual({
      token: 'abc-123',
      email: 'bench@example.com',
    });
    expect(matchPublicRoute('/daily')).toBeNull();
  });
});
