import type { DnsRecordState, Domain } from '@mailwright/contract';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlined';
import HelpOutlineIcon from '@mui/icons-material/HelpOutlined';
import HourglassEmptyIcon from '@mui/icons-material/HourglassEmpty';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';

/** A domain's state: verified (green) or unverified (amber, it cannot send yet). */
export function DomainStateChip({ state }: { state: Domain['state'] }) {
  return state === 'verified' ? (
    <Chip size="small" color="success" variant="outlined" icon={<CheckCircleIcon />} label="Verified" />
  ) : (
    <Chip size="small" color="warning" variant="outlined" icon={<HourglassEmptyIcon />} label="Unverified" />
  );
}

const RECORD_STATES: Record<
  DnsRecordState,
  { label: string; color: 'success' | 'error' | 'warning' | 'default'; icon: ReactElement }
> = {
  valid: { label: 'Valid', color: 'success', icon: <CheckCircleIcon /> },
  invalid: { label: 'Wrong value', color: 'error', icon: <ErrorOutlineIcon /> },
  missing: { label: 'Not found', color: 'warning', icon: <ErrorOutlineIcon /> },
  unchecked: { label: 'Not checked', color: 'default', icon: <HelpOutlineIcon /> },
};

/** One DNS record's state from the last verification. */
export function RecordStateChip({ state }: { state: DnsRecordState }) {
  const { label, color, icon } = RECORD_STATES[state];
  return <Chip size="small" color={color} variant="outlined" icon={icon} label={label} />;
}

/** "3 of 5 valid": how far the customer got with the records, for the lists. */
export function recordsSummary(domain: Pick<Domain, 'records'>): string {
  const valid = domain.records.filter((record) => record.state === 'valid').length;
  return `${valid} of ${domain.records.length} valid`;
}
