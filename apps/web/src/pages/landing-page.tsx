import { LandingContent } from '../landing/landing-content.tsx';

/** `/` for visitors (signed-in users are sent to their home by the route guard). */
export default function LandingPage() {
  return <LandingContent eventPayload={{ contentName: 'landing' }} />;
}
