import { Navigate } from 'react-router';
import { paths } from '../navigation/route-paths.ts';
import { lastFormStep, progressStep } from '../rap/rap-form.ts';
import { RapFormStep } from '../rap/rap-form-step.tsx';
import { RapProgressView } from '../rap/rap-progress-view.tsx';
import { StepRoute } from './step-route.tsx';

/** The rap generator: form steps 1-5 at /create/step-{n}, then the progress and the finished rap. */
export default function RapCreatePage() {
  return (
    <StepRoute>
      {(step) => {
        if (step <= lastFormStep) return <RapFormStep key={step} step={step} />;
        if (step === progressStep) return <RapProgressView />;
        return <Navigate to={paths.rapStep(1)} replace />;
      }}
    </StepRoute>
  );
}
