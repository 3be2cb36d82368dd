import { lazy } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { RedirectSignedIn, RequireAuth, SignedInOr } from './auth/route-guards.tsx';
import { SessionGate } from './auth/session-gate.tsx';
import { withTexts } from './i18n/i18n.setup.ts';
import LandingPage from './pages/landing-page.tsx';
import { AppShell } from './shell/app-shell.tsx';
import { StoreOutlet, storeSlot } from './runtime/store-slot.tsx';

// Every other page is its own chunk so the landing page's first load stays small. The landing page itself comes with
// the app's code: a lazy page would show the shell with a spinner first and the page a moment later.
const WelcomePage = lazy(withTexts(() => import('./pages/welcome-page.tsx')));
const SignInPage = lazy(withTexts(() => import('./pages/sign-in-page.tsx')));
const ResetPasswordPage = lazy(withTexts(() => import('./pages/reset-password-page.tsx')));
const SignInPopupPage = lazy(withTexts(() => import('./pages/sign-in-popup-page.tsx')));
const SignInPopupDonePage = lazy(withTexts(() => import('./pages/sign-in-popup-done-page.tsx')));
const TutorialPage = lazy(withTexts(() => import('./pages/tutorial-page.tsx')));
const LegalPage = lazy(withTexts(() => import('./pages/legal-page.tsx')));
const SharedPlaylistPage = lazy(withTexts(() => import('./pages/shared-playlist-page.tsx')));
const SharedSongPage = lazy(withTexts(() => import('./pages/shared-song-page.tsx')));
const MyBopsPage = lazy(withTexts(() => import('./pages/my-bops-page.tsx')));
const RapCreatePage = lazy(withTexts(() => import('./pages/rap-create-page.tsx')));
const VoiceCloningPage = lazy(withTexts(() => import('./pages/voice-cloning-page.tsx')));
const SongCoverPage = lazy(withTexts(() => import('./pages/song-cover-page.tsx')));
const ProfilePage = lazy(withTexts(() => import('./pages/profile-page.tsx')));
const ManagePage = lazy(withTexts(() => import('./pages/manage-page.tsx')));

/** Countdowns, the player and the profile refresh, once the store exists (never on a visitor's landing page). */
const StoreExtras = storeSlot(() =>
  import('./runtime/store-extras.tsx').then((module) => module.StoreExtras),
);

/**
 * The route table of docs/PRODUCT.md#screens-and-routes. React Router matches whole segments only, so `step-{n}` is a `:step` segment the
 * page checks (a malformed one is an unknown path).
 */
export function AppRoutes() {
  return (
    <>
      <StoreExtras />
      <Routes>
        {/* The sign-in popup runs without the shell: it only hands over to the provider and reports back. */}
        <Route path="/sign-in/popup" element={<SignInPopupPage />} />
        <Route path="/sign-in/popup-done" element={<SignInPopupDonePage />} />
        <Route element={<SessionGate />}>
          <Route element={<AppShell />}>
            <Route element={<RedirectSignedIn />}>
              <Route index element={<LandingPage />} />
              <Route path="welcome" element={<WelcomePage />} />
            </Route>
            <Route path="community-guidelines" element={<LegalPage document="communityGuidelines" />} />
            <Route path="privacy-policy" element={<LegalPage document="privacyPolicy" />} />
            <Route path="terms-and-conditions" element={<LegalPage document="termsAndConditions" />} />
            {/* Pages that use the store load it when first visited; the landing and legal pages need none. */}
            <Route element={<StoreOutlet />}>
              <Route path="sign-in" element={<SignInPage />} />
              <Route path="reset-password" element={<ResetPasswordPage />} />
              <Route path="tutorial" element={<TutorialPage />} />
              <Route path="shared/:playlistId" element={<SharedPlaylistPage />} />
              {/* A song's share link: the signed-in home view for an account, the song's own page for a visitor. */}
              <Route
                path="listen/:musicId"
                element={<SignedInOr signedIn={<MyBopsPage view="listen" />} visitor={<SharedSongPage />} />}
              />
              <Route element={<RequireAuth />}>
                <Route path="my-bops" element={<MyBopsPage view="home" />} />
                <Route path="my-bops/profile" element={<ProfilePage />} />
                <Route path="playlist/:playlistId" element={<MyBopsPage view="playlist" />} />
                <Route path=":playlistId/:musicId" element={<MyBopsPage view="special" />} />
                <Route path="create/song-cover" element={<SongCoverPage />} />
                <Route path="create/voice-cloning/:step" element={<VoiceCloningPage />} />
                <Route path="create/:step" element={<RapCreatePage />} />
                <Route path="manage" element={<ManagePage />} />
              </Route>
            </Route>
            <Route path="*" element={<Navigate to="/" replace />} />
          </Route>
        </Route>
      </Routes>
    </>
  );
}
