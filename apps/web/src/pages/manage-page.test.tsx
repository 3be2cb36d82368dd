import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { aPlaylistSummary } from '../test/factories.ts';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const summary = aPlaylistSummary;

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
