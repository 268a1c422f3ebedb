import { ADMINS, domainsEndpoints, hasAccess } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import LanguageIcon from '@mui/icons-material/Language';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import type { Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { api } from '../../lib/api.ts';
import type { DomainRef } from '../../lib/pick-working-domain.ts';
import { setWorkingDomain, useAppState } from '../../lib/store.ts';
import { useWorkingDomainSync } from './working-domain.api.ts';

const SEARCH_DELAY_MS = 300;

/**
 * The working-domain picker in the top bar: the domain-scoped screens (domain, credentials, logs, suppressions, …)
 * show the domain chosen here. It also keeps the working domain in step with the customer's domains.
 */
export function DomainPicker() {
  const lookup = useWorkingDomainSync();
  const session = useAppState((s) => s.session);
  const working = useAppState((s) => s.workingDomain);
  const domainsState = useAppState((s) => s.domainsState);
  const small = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [input, setInput] = useState('');
  const search = useDebounced(input.trim().toLowerCase(), SEARCH_DELAY_MS);
  // The first page holds every domain of most customers; beyond it the picker asks the server as one types.
  const needsSearch = Boolean(lookup && lookup.total > lookup.firstPage.length && search && search !== working?.name);
  const searched = useQuery({
    queryKey: ['domains', 'picker', session?.cid, search],
    queryFn: ({ signal }) => api(domainsEndpoints.list, { query: { search, limit: 20 }, signal }),
    enabled: needsSearch,
    placeholderData: keepPreviousData,
  });

  if (!session || session.role === 'partner') return null;
  if (domainsState === 'none') {
    if (!hasAccess(session, ADMINS)) return null;
    // On a phone the top bar has room for the icon only.
    return small ? (
      <IconButton component={Link} to="/domains?add=1" aria-label="Add a domain" color="primary">
        <AddIcon />
      </IconButton>
    ) : (
      <Button component={Link} to="/domains?add=1" size="small" startIcon={<AddIcon />} sx={{ whiteSpace: 'nowrap' }}>
        Add a domain
      </Button>
    );
  }
  const options: DomainRef[] = needsSearch
    ? (searched.data?.items ?? []).map(({ did, name }) => ({ did, name }))
    : (lookup?.firstPage ?? []);
  return (
    <Box sx={{ width: { xs: 168, sm: 240, md: 280 }, flexShrink: 1, minWidth: 0 }}>
      <Autocomplete
        size="small"
        options={options}
        value={working}
        onChange={(_event, domain) => {
          // The sync remembers the choice for this customer.
          if (domain) setWorkingDomain({ did: domain.did, name: domain.name }, 'ready');
        }}
        inputValue={input}
        onInputChange={(_event, value) => setInput(value)}
        getOptionLabel={(domain) => domain.name}
        isOptionEqualToValue={(option, value) => option.did === value.did}
        // The server already filtered a search; the first page is filtered here.
        filterOptions={needsSearch ? (all) => all : undefined}
        loading={domainsState === 'loading' || searched.isFetching}
        disableClearable={working !== null}
        noOptionsText="No domain matches"
        // The list may be wider than the (narrow, on a phone) field: domain names are long.
        slotProps={{ popper: { placement: 'bottom-end', sx: { minWidth: 260 } } }}
        autoHighlight
        // A phone's top bar is crowded: the name gets the room the arrow would take.
        forcePopupIcon={!small}
        renderInput={(params) => (
          <TextField
            {...params}
            placeholder="Domain"
            slotProps={{
              ...params.slotProps,
              htmlInput: { ...params.slotProps.htmlInput, 'aria-label': 'Working domain', title: working?.name ?? '' },
              input: {
                ...params.slotProps.input,
                startAdornment: (
                  <InputAdornment position="start" sx={{ display: { xs: 'none', sm: 'flex' } }}>
                    <LanguageIcon fontSize="small" />
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />
    </Box>
  );
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = window.setTimeout(() => setSettled(value), delayMs);
    return () => window.clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
}
