import { LandingContent } from './landing-page.tsx';

/** The social landing (spec §2): the same content; the in-app browser helper arrives with the landing feature. */
export default function WelcomePage() {
  return <LandingContent />;
}
