import { presetRange, TIME_FRAME_PRESETS, type TimeFramePreset } from '@mailwright/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';

/** A chosen time frame: the preset (or custom) and the span it stands for; `to` is exclusive. */
export interface TimeFrameValue {
  preset: TimeFramePreset;
  from: Date;
  to: Date;
}

/** Spec 9: 1 week, 3 weeks, 1 month, 3 months, 1 year, and custom. */
export const TIME_FRAME_LABELS: Record<TimeFramePreset, string> = {
  week: '1 week',
  '3weeks': '3 weeks',
  month: '1 month',
  '3months': '3 months',
  year: '1 year',
  custom: 'Custom',
};

/** Spec 4: the time frame defaults to the last month. */
export const DEFAULT_TIME_FRAME_PRESET = 'month';

/** A preset's span ending now (the contract's presetRange); `now` is fixed at the moment of choosing. */
export function presetTimeFrame(preset: Exclude<TimeFramePreset, 'custom'>, now = new Date()): TimeFrameValue {
  return { preset, ...presetRange(preset, now) };
}

/** A local calendar day as a date input holds it (yyyy-mm-dd). */
export function dayOf(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

function startOfDay(day: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 1970, (month ?? 1) - 1, date ?? 1);
}

/**
 * Spec 4: choosing dates makes the time frame custom. Whole local days, both ends included (the span runs to the
 * start of the day after `toDay`); dates given the wrong way round are swapped rather than refused.
 */
export function customTimeFrame(fromDay: string, toDay: string): TimeFrameValue {
  const [first, last] = fromDay <= toDay ? [fromDay, toDay] : [toDay, fromDay];
  const to = startOfDay(last);
  to.setDate(to.getDate() + 1);
  return { preset: 'custom', from: startOfDay(first), to };
}

/** The last day a time frame covers, as its "To" date input shows it. */
export function lastDayOf(value: TimeFrameValue): string {
  return dayOf(new Date(value.to.getTime() - 1));
}

/** The screen's time frame, starting at the last month. */
export function useTimeFrame() {
  return useState<TimeFrameValue>(() => presetTimeFrame(DEFAULT_TIME_FRAME_PRESET));
}

interface TimeFrameProps {
  value: TimeFrameValue;
  onChange: (value: TimeFrameValue) => void;
}

/**
 * The time-frame picker of the statistics screens: a preset, or two dates (which make it custom). Picking the
 * preset "Custom" keeps the current dates and hands over to the date fields.
 */
export function TimeFrame({ value, onChange }: TimeFrameProps) {
  const fromDay = dayOf(value.from);
  const toDay = lastDayOf(value);
  const today = dayOf(new Date());
  const choosePreset = (preset: TimeFramePreset) => {
    onChange(preset === 'custom' ? customTimeFrame(fromDay, toDay) : presetTimeFrame(preset));
  };
  const dateField = (label: string, day: string, onDay: (day: string) => void) => (
    <TextField
      type="date"
      size="small"
      label={label}
      value={day}
      onChange={(event) => {
        if (event.target.value) onDay(event.target.value);
      }}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: today } }}
      sx={{ minWidth: 150, flex: { xs: 1, sm: 'none' } }}
    />
  );
  return (
    <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
      <TextField
        select
        size="small"
        label="Time frame"
        value={value.preset}
        onChange={(event) => choosePreset(event.target.value as TimeFramePreset)}
        sx={{ minWidth: 140, flex: { xs: '1 1 100%', sm: 'none' } }}
      >
        {TIME_FRAME_PRESETS.map((preset) => (
          <MenuItem key={preset} value={preset}>
            {TIME_FRAME_LABELS[preset]}
          </MenuItem>
        ))}
      </TextField>
      {dateField('From', fromDay, (day) => onChange(customTimeFrame(day, toDay)))}
      {dateField('To', toDay, (day) => onChange(customTimeFrame(fromDay, day)))}
    </Stack>
  );
}

/** The query-string bounds of a time frame (the server widens them to the fetch granularity, spec 9). */
export function timeFrameQuery(value: TimeFrameValue): { from: string; to: string } {
  return { from: value.from.toISOString(), to: value.to.toISOString() };
}
