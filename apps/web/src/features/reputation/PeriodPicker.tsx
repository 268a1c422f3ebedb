import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';

const PERIODS = [7, 30, 90, 365] as const;

/** The history's period in days (spec 9: 30 by default). */
export function PeriodPicker({ value, onChange }: { value: number; onChange: (days: number) => void }) {
  return (
    <ToggleButtonGroup
      size="small"
      exclusive
      value={value}
      aria-label="Period"
      onChange={(_event, days: number | null) => {
        if (days) onChange(days);
      }}
    >
      {PERIODS.map((days) => (
        <ToggleButton key={days} value={days} aria-label={`Last ${days} days`}>
          {days === 365 ? '1 year' : `${days} days`}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}
