import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Status } from '../store/status.ts';
import { aProfile, aVoiceClone, type ProfileVoiceClone } from '../test/factories.ts';
import { mockFetch, renderApp, signedInServices, signedInState } from '../test/test-app.tsx';

const signedIn = signedInState;

const services = signedInServices;

const readyId = '11111111-1111-4111-8111-111111111111';
const buildingId = '22222222-2222-4222-8222-222222222222';

type Clone = ProfileVoiceClone;

const ready = aVoiceClone(readyId, 'Ada Sings', { imageFileUrl: `/api/music/voice_clone/${readyId}/image` });
const building = aVoiceClone(buildingId, 'Night Voice', { status: 'processing' });

const profileAnswer = (clones: Clone[]) => ({
  body: { statusCode: 200, data: aProfile({ voiceclones: clones }) },
});
const details = (clone: Clone) => ({
  body: { statusCode: 200, data: { ...clone, failure_reason: '', created: '2030-01-01T00:00:00.000Z' } },
});

async function section() {
  const heading = await screen.findByRole('heading', { name: 'AI Singers' });
  return heading.closest('section') as HTMLElement;
}

describe('AI singers on /manage', () => {
  it('directs a person with no AI singer to create one or check their e-mail', async () => {
    vi.stubGlobal('fetch', mockFetch({ 'GET /api/user/bops_profile': profileAnswer([]) }).fetchFn);
    renderApp('/manage', { preloadedState: signedIn, services: services() });
    const ai = await section();
    expect(
      await within(ai).findByText(
        "You have no AI singer yet. Create one from a voice sample; if you already made one, check your e-mail: we write when it's ready.",
      ),
    ).toBeTruthy();
    expect(within(ai).getByRole('link', { name: 'Create an AI singer' }).getAttribute('href')).toBe(
      '/create/voice-cloning/step-1',
    );
  });

  it("lists the profile's AI singers with their status, photo and progress link", async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/user/bops_profile': profileAnswer([ready, building]) }).fetchFn,
    );
    const { store } = renderApp('/manage', { preloadedState: signedIn, services: services() });
    const ai = await section();
    const adaItem = await within(ai).findByRole('listitem', { name: 'Ada Sings' });
    expect(within(adaItem).getByText('Ready')).toBeTruthy();
    expect(adaItem.querySelector('img')?.getAttribute('src')).toBe(`/api/music/voice_clone/${readyId}/image`);
    const nightItem = within(ai).getByRole('listitem', { name: 'Night Voice' });
    expect(within(nightItem).getByText('Building')).toBeTruthy();
    expect(within(nightItem).getByRole('link', { name: 'See progress' }).getAttribute('href')).toBe(
      `/create/voice-cloning/step-2?id=${buildingId}`,
    );
    // The account area gets the same list, for the pages that offer a singer.
    await waitFor(() => expect(store.getState().account.user?.voiceClones).toHaveLength(2));
  });

  it('says when the list could not be loaded', async () => {
    vi.stubGlobal(
      'fetch',
      mockFetch({ 'GET /api/user/bops_profile': { status: 500, body: { statusCode: 500, message: 'x' } } })
        .fetchFn,
    );
    renderApp('/manage', { preloadedState: signedIn, services: services() });
    const ai = await section();
    expect(await within(ai).findByText('Your AI singers could not be loaded.')).toBeTruthy();
  });

  it('renames an AI singer and changes its photo from edit details', async () => {
    let clones = [ready];
    const { fetchFn, calls } = mockFetch({
      'GET /api/user/bops_profile': () => profileAnswer(clones),
      'POST /api/music/voice_clone/update': (init) => {
        const body = JSON.parse(String(init?.body)) as { voice_clone_nickname: string };
        clones = [{ ...ready, voice_clone_nickname: body.voice_clone_nickname }];
        return details(clones[0]!);
      },
      'POST /api/music/voice_clone/update_avatar_image': () => details(clones[0]!),
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/manage', { preloadedState: signedIn, services: services() });
    const ai = await section();
    await user.click(await within(ai).findByRole('button', { name: 'Edit details' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Ada Sings' });

    await user.upload(
      within(dialog).getByTestId('singer-photo-input'),
      new File(['png'], 'me.png', { type: 'image/png' }),
    );
    expect(await within(dialog).findByText('The new photo is saved.')).toBeTruthy();
    const photoCall = calls.find((call) => call.url === '/api/music/voice_clone/update_avatar_image');
    const form = photoCall?.init?.body as FormData;
    expect(form.get('voice_clone_id')).toBe(readyId);
    expect((form.get('photo') as File).name).toBe('me.png');
    expect(store.getState().voiceProfile.updatePhotoStatus).toBe(Status.SUCCESS);
    // Same address, new picture: the page asks past the browser's cached copy.
    expect(within(dialog).getByTestId('singer-photo').querySelector('img')?.getAttribute('src')).toMatch(
      new RegExp(`/api/music/voice_clone/${readyId}/image\\?v=\\d+$`),
    );

    const nickname = within(dialog).getByLabelText(/Voice nickname/);
    await user.clear(nickname);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(within(dialog).getByText('This field is required')).toBeTruthy();
    await user.type(nickname, 'Countess');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(ai).findByRole('listitem', { name: 'Countess' })).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    const rename = calls.find((call) => call.url === '/api/music/voice_clone/update');
    expect(JSON.parse(String(rename?.init?.body))).toEqual({
      voice_clone_id: readyId,
      voice_clone_nickname: 'Countess',
    });
    expect(store.getState().voiceProfile.updateStatus).toBe(Status.SUCCESS);
  });

  it('deletes an AI singer only after confirmation, and reports a failed delete', async () => {
    let clones = [ready];
    let failNext = true;
    const { fetchFn, calls } = mockFetch({
      'GET /api/user/bops_profile': () => profileAnswer(clones),
      'POST /api/music/voice_clone/delete': () => {
        if (failNext) {
          failNext = false;
          return {
            status: 500,
            body: { statusCode: 500, error: 'x', message: 'Something went wrong. Please try again.' },
          };
        }
        clones = [];
        return { body: { statusCode: 200, data: { voice_clone_id: readyId, deleted: true } } };
      },
    });
    vi.stubGlobal('fetch', fetchFn);
    const user = userEvent.setup();
    const { store } = renderApp('/manage', { preloadedState: signedIn, services: services() });
    const ai = await section();
    await user.click(await within(ai).findByRole('button', { name: 'Delete' }));
    let dialog = await screen.findByRole('dialog', { name: 'Delete Ada Sings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.some((call) => call.url === '/api/music/voice_clone/delete')).toBe(false);

    await user.click(within(ai).getByRole('button', { name: 'Delete' }));
    dialog = await screen.findByRole('dialog', { name: 'Delete Ada Sings?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByText('Sorry, something went wrong')).toBeTruthy();
    expect(store.getState().voiceProfile.deleteStatus).toBe(Status.ERROR);

    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(ai).findByText('Ada Sings is deleted.')).toBeTruthy();
    expect(await within(ai).findByTestId('no-ai-singers')).toBeTruthy();
    expect(store.getState().voiceProfile.deleteStatus).toBe(Status.DELETED);
    const deletes = calls.filter((call) => call.url === '/api/music/voice_clone/delete');
    expect(deletes.map((call) => JSON.parse(String(call.init?.body)))).toEqual([
      { voice_clone_id: readyId },
      { voice_clone_id: readyId },
    ]);
  });
});
