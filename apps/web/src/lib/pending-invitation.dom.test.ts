import { describe, expect, it } from 'vitest';
import { forgetInvitation, pendingInvitationPath, rememberInvitation } from './pending-invitation';

const DAY = 24 * 60 * 60 * 1000;

describe('the invitation opened before signing in', () => {
  it('is kept until it is forgotten, as the page of its link', () => {
    expect(pendingInvitationPath()).toBeNull();
    rememberInvitation('tok/en');
    expect(pendingInvitationPath()).toBe('/user/equipo/unirse/tok%2Fen');
    forgetInvitation();
    expect(pendingInvitationPath()).toBeNull();
  });

  it('is dropped once older than an invitation lasts, or when unreadable', () => {
    rememberInvitation('old', Date.now() - 8 * DAY);
    expect(pendingInvitationPath()).toBeNull();
    expect(window.localStorage.getItem('enlaza.pendingInvitation')).toBeNull();
    window.localStorage.setItem('enlaza.pendingInvitation', '{not json');
    expect(pendingInvitationPath()).toBeNull();
  });
});
