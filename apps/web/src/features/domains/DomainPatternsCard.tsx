import { type DomainPattern, domainPatternWrite } from '@mailwright/contract';
import AddIcon from '@mui/icons-material/Add';
import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import EditIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { FormSwitch, FormTextField } from '../../components/FormFields.tsx';
import { useDomainPatternMutations, useDomainPatterns } from './domain-patterns.api.ts';

const hideBelowMd = { display: { xs: 'none', md: 'table-cell' } };

/**
 * A domain's recipient patterns (domains/{id}/patterns: note, pattern, active), as a card for the domain screen:
 * recipients matching an active pattern are blocked at intake like block suppressions.
 */
export function DomainPatternsCard({ did }: { did: number }) {
  const titleId = useId();
  const patterns = useDomainPatterns(did);
  const { save, remove, setActive } = useDomainPatternMutations(did);
  const [dialog, setDialog] = useState<{ open: boolean; pattern: DomainPattern | null }>({
    open: false,
    pattern: null,
  });
  const [deleting, setDeleting] = useState<DomainPattern | null>(null);
  const editing = dialog.pattern;
  const items = patterns.data?.items ?? [];

  return (
    <Paper variant="outlined" component="section" aria-labelledby={titleId} sx={{ overflow: 'hidden' }}>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        sx={{ p: 2, pb: 1, alignItems: { sm: 'flex-start' }, justifyContent: 'space-between' }}
      >
        <Box>
          <Typography id={titleId} variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            Recipient patterns
          </Typography>
          <Typography variant="body2" color="text.secondary">
            Mail to a recipient matching an active pattern is blocked. * stands for any run of characters, ? for one;
            with an @ the pattern matches the whole address (info@*), without one the address's domain (*.example.com).
          </Typography>
        </Box>
        <Button
          startIcon={<AddIcon />}
          onClick={() => setDialog({ open: true, pattern: null })}
          sx={{ flexShrink: 0, alignSelf: { xs: 'flex-end', sm: 'auto' } }}
        >
          Add pattern
        </Button>
      </Stack>
      <Box sx={{ height: 4 }}>{patterns.isFetching ? <LinearProgress aria-label="Loading patterns" /> : null}</Box>
      <TableContainer>
        <Table size="small" aria-label="Recipient patterns">
          <TableHead>
            <TableRow>
              <TableCell>Pattern</TableCell>
              <TableCell sx={hideBelowMd}>Note</TableCell>
              <TableCell>Active</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {items.map((pattern) => (
              <TableRow key={pattern.id} hover>
                <TableCell sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', minWidth: 150 }}>
                  {pattern.pattern}
                </TableCell>
                <TableCell sx={hideBelowMd}>{pattern.note || '—'}</TableCell>
                <TableCell>
                  <Switch
                    size="small"
                    checked={pattern.active}
                    onChange={(event) => setActive(pattern, event.target.checked)}
                    slotProps={{ input: { 'aria-label': `Active: ${pattern.pattern}` } }}
                  />
                </TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap', py: 0 }}>
                  <Tooltip title="Edit">
                    <IconButton
                      aria-label={`Edit ${pattern.pattern}`}
                      onClick={() => setDialog({ open: true, pattern })}
                    >
                      <EditIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${pattern.pattern}`} onClick={() => setDeleting(pattern)}>
                      <DeleteIcon fontSize="small" />
                    </IconButton>
                  </Tooltip>
                </TableCell>
              </TableRow>
            ))}
            {items.length === 0 && !patterns.isPending ? (
              <TableRow>
                <TableCell colSpan={4} sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }}>
                  {patterns.isError ? 'The patterns could not be loaded.' : 'No recipient patterns.'}
                </TableCell>
              </TableRow>
            ) : null}
          </TableBody>
        </Table>
      </TableContainer>
      <FormDialog
        open={dialog.open}
        title={editing ? 'Edit recipient pattern' : 'Add a recipient pattern'}
        schema={domainPatternWrite}
        defaultValues={{ pattern: editing?.pattern ?? '', note: editing?.note ?? '', active: editing?.active ?? true }}
        onSubmit={(body) => save.mutateAsync({ pid: editing?.id ?? null, body })}
        onClose={() => setDialog((current) => ({ ...current, open: false }))}
      >
        {({ control }) => (
          <>
            <FormTextField
              control={control}
              name="pattern"
              label="Pattern"
              autoFocus
              helperText="e.g. *@competitor.example, info@*, *+test@example.com or *.example.com"
              slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: 'monospace' } } }}
            />
            <FormTextField control={control} name="note" label="Note" />
            <FormSwitch control={control} name="active" label="Active" />
          </>
        )}
      </FormDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete recipient pattern"
        message={deleting ? `Delete ${deleting.pattern}? Mail to matching recipients is sent again.` : ''}
        confirmLabel="Delete"
        destructive
        onConfirm={() => (deleting ? remove.mutateAsync(deleting.id) : Promise.resolve())}
        onClose={() => setDeleting(null)}
      />
    </Paper>
  );
}
