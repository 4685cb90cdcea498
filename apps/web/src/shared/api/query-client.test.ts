/**
 * The query cache never outlives the session (spec §2 Session gate; issue 20 moved the clearing from
 * expireSession/LogoutPage into the query client, which the sign-in pages no longer load): every
 * way a session ends drops every cached answer.
 */
import { describe, expect, it } from 'vitest';
import type { UserInfos } from '@vigil/contract';
import { clearSession, setSession } from '../session/session-store';
import { expireSession } from '../session/expire-session';
import { queryClient } from './query-client';

const user: UserInfos = {
  Token: 't',
  UserId: 7,
  Email: 'orgadmin@example.com',
  RoleId: 2,
  RoleName: 'OrgAdmin',
  RoleNameDisplay: 'Organisation admin',
  Name: 'A',
  Surname: 'B',
  PhoneNumber: null,
  LangId: 'en',
  OrganizationId: 1,
  OrganizationName: 'Demo',
  MustChangePassword: false,
  LastEventId: 0,
};

describe('queryClient', () => {
  it('drops every cached answer when the session is cleared (logout)', () => {
    setSession(user, false);
    queryClient.setQueryData(['branches', 'board'], [{ Id: 1 }]);
    clearSession();
    expect(queryClient.getQueryData(['branches', 'board'])).toBeUndefined();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('drops every cached answer when the session expires (401, failed check, socket)', () => {
    setSession(user, false);
    queryClient.setQueryData(['alarms'], [{ Id: 2 }]);
    expireSession();
    expect(queryClient.getQueryCache().getAll()).toEqual([]);
  });

  it('keeps the cache while the session goes on (a refresh of the same session)', () => {
    setSession(user, false);
    queryClient.setQueryData(['alarms'], [{ Id: 3 }]);
    setSession(user, false);
    expect(queryClient.getQueryData(['alarms'])).toEqual([{ Id: 3 }]);
  });
});
