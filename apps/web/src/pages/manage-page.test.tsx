import { screen } from '@testing-library/react';
import type { PlaylistSummary } from '@bops/shared/api/playlist';
import { describe, expect, it, vi } from 'vitest';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

function summary(id: string, title: string, extra: Partial<PlaylistSummary> = {}): PlaylistSummary {
  return {
    id,
    title,
    private: false,
    archieve: false,
    isDefault: false,
    kind: 'user',
    numMusics: 0,
    cover: '/images/default-cover.svg',
    musicId: '',
    musicIds: [],
    createdBy: 'u1',
    created: '2026-01-01T00:00:00.000Z',
    changed: '2026-01-01T00:00:00.000Z',
    ...extra,
  };
}

describe('the Private switches on Manage', () => {
  it("name every switch, once per playlist, and the new playlist's by its label", async () => {
    const playlists = [
      summary('p1', 'Road Trip', { private: true }),
      summary('p2', 'Gym', { private: false }),
    ];
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/music/playlists': { body: { statusCode: 200, data: playlists } } }).fetchFn,
    );
    renderApp('/manage', { preloadedState: signedInState, services: signedInServices() });
    const roadTrip = await screen.findAllByRole('switch', { name: 'Road Trip is private', hidden: true });
    expect(roadTrip).toHaveLength(1);
    expect((roadTrip[0] as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('switch', { name: 'Gym is private', hidden: true })).toHaveLength(1);
    // New playlists start private; the switch says so by its visible label.
    const fresh = screen.getByRole('switch', { name: 'Private' });
    expect((fresh as HTMLInputElement).checked).toBe(true);
  });
});
