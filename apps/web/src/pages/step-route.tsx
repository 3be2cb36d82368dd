import type { ReactNode } from 'react';
import { Navigate, useParams } from 'react-router';
import { parseStep } from '../navigation/route-paths.ts';

/** Renders a `step-{n}` page, or treats a malformed step as an unknown path (docs/PRODUCT.md#screens-and-routes: replace, go to root). */
export function StepRoute({ children }: { children: (step: number) => ReactNode }) {
  const step = parseStep(useParams().step);
  if (step === null) return <Navigate to="/" replace />;
  return <>{children(step)}</>;
}
