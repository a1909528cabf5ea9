import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';

/** A compact step indicator above an account form. */
export function StepIndicator({ steps, active }: { steps: string[]; active: number }) {
  return (
    <Stepper
      activeStep={active}
      alternativeLabel
      sx={{ mb: 3, '& .MuiStepLabel-label': { typography: 'textXs', mt: 0.75 } }}
    >
      {steps.map((label) => (
        <Step key={label}>
          <StepLabel>{label}</StepLabel>
        </Step>
      ))}
    </Stepper>
  );
}
