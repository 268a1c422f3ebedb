import { ACTIONS, DEFAULT_TAG_ACTION, eventLabel } from '@mailwright/contract';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useState } from 'react';
import { TimeSeriesChart } from '../../components/charts/TimeSeriesChart.tsx';
import { GranularityChip } from './GranularityChip.tsx';
import { useStatsAggregate, useStatsGraph } from './stats.api.ts';
import type { StatsViewProps } from './view-props.ts';

type TagMode = 'action' | 'tag';

/**
 * The tag view. Mode action (spec 9: the default, with event accepted): one series per tag for the chosen event.
 * Mode tag: one series per event for the chosen tag, picked among the tags seen in the time frame.
 */
export function TagView({ scope, base, expectedLevel }: StatsViewProps) {
  const [mode, setMode] = useState<TagMode>('action');
  const [action, setAction] = useState<string>(DEFAULT_TAG_ACTION);
  const [chosenTag, setChosenTag] = useState<string>('');
  // Every tagged message is accepted first, so the accepted totals name every tag of the time frame.
  const tagList = useStatsAggregate(scope, { ...base, data: 'tag', action: DEFAULT_TAG_ACTION }, mode === 'tag');
  const tags = (tagList.data ?? []).map((entry) => entry.category);
  const tag = tags.includes(chosenTag) ? chosenTag : (tags[0] ?? '');
  const graph = useStatsGraph(
    scope,
    mode === 'action' ? { ...base, data: 'tag', action } : { ...base, data: 'tag', tag },
    mode === 'action' || tag !== '',
  );
  const data = graph.data;
  const level = data && !graph.isPlaceholderData ? data.range.level : expectedLevel;
  const noTags = mode === 'tag' && tagList.isSuccess && tags.length === 0;

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
        <ToggleButtonGroup
          exclusive
          size="small"
          value={mode}
          onChange={(_event, next: TagMode | null) => next && setMode(next)}
          aria-label="Tag filter mode"
        >
          <ToggleButton value="action">By event</ToggleButton>
          <ToggleButton value="tag">By tag</ToggleButton>
        </ToggleButtonGroup>
        {mode === 'action' ? (
          <TextField
            select
            size="small"
            label="Event"
            value={action}
            onChange={(event) => setAction(event.target.value)}
            sx={{ minWidth: 180 }}
          >
            {ACTIONS.map((code) => (
              <MenuItem key={code} value={code}>
                {eventLabel(code)}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <TextField
            select
            size="small"
            label="Tag"
            value={tag}
            onChange={(event) => setChosenTag(event.target.value)}
            disabled={tags.length === 0}
            helperText={noTags ? 'No tagged mail in this time frame.' : undefined}
            sx={{ minWidth: 180 }}
          >
            {tags.map((name) => (
              <MenuItem key={name} value={name}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
      <TimeSeriesChart
        title={mode === 'action' ? `${eventLabel(action)} by tag` : tag ? `Events tagged ${tag}` : 'Events by tag'}
        series={noTags ? [] : (data?.series ?? [])}
        categories={data?.categories ?? []}
        level={level}
        loading={graph.isPending && graph.fetchStatus !== 'idle'}
        action={<GranularityChip level={level} />}
      />
    </Stack>
  );
}
