import { useCallback, useMemo, useState } from 'react';
import { defaultVisibleSeries } from './series.ts';

/**
 * Which series of a chart are drawn: spec 9's defaults, changed by the user's legend clicks. The clicks are kept
 * by name, so they survive a new time frame or a periodic refresh that answers the same series again.
 */
export function useSeriesVisibility(names: readonly string[]) {
  const [choices, setChoices] = useState<Record<string, boolean>>({});
  const key = names.join('\n');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the names' content; a new array with the same names must not recompute
  const visible = useMemo(() => {
    const defaults = defaultVisibleSeries(names);
    return new Set(names.filter((name) => choices[name] ?? defaults.has(name)));
  }, [key, choices]);
  const toggle = useCallback(
    (name: string) => setChoices((current) => ({ ...current, [name]: !visible.has(name) })),
    [visible],
  );
  return { visible, toggle };
}
