import { type Template, templateCreate } from '@mailwright/contract';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MuiLink from '@mui/material/Link';
import { Link, useNavigate } from 'react-router';
import type { Column } from '../../components/DataTable.tsx';
import { FormTextField } from '../../components/FormFields.tsx';
import { ListScreen } from '../../components/ListScreen.tsx';
import { dateColumn } from '../../components/listColumns.tsx';
import { WorkingDomainGate } from '../../components/WorkingDomainGate.tsx';
import type { WorkingDomain } from '../../lib/store.ts';
import { useCreateTemplate, useDeleteTemplate, useTemplates } from './templates.api.ts';

const STARTER = {
  subject: 'Hello {{default name "there"}}',
  html: '<!doctype html>\n<html>\n  <body>\n    <p>Hello {{default name "there"}},</p>\n  </body>\n</html>\n',
  text: 'Hello {{default name "there"}},\n',
};

const COLUMNS: Column<Template>[] = [
  {
    id: 'name',
    label: 'Name',
    sortKey: 'name',
    render: (t) => (
      <MuiLink component={Link} to={`/templates/${t.tmplid}`} sx={{ overflowWrap: 'anywhere', fontWeight: 500 }}>
        {t.name}
      </MuiLink>
    ),
  },
  {
    id: 'description',
    label: 'Description',
    sortKey: 'description',
    hideBelow: 'md',
    render: (t) => <Box sx={{ overflowWrap: 'anywhere' }}>{t.description || '—'}</Box>,
  },
  {
    id: 'active',
    label: 'Active version',
    hideBelow: 'sm',
    render: (t) =>
      t.active ? (
        <Chip size="small" color="success" variant="outlined" label={`${t.active.tag} of ${t.versions}`} />
      ) : (
        '—'
      ),
  },
  dateColumn({ id: 'updated', label: 'Updated', sortKey: 'updated_at', hideBelow: 'md', value: (t) => t.updated_at }),
];

/** /templates (spec 2): the working domain's templates, with search, paging and Add. */
export default function TemplatesScreen() {
  return <WorkingDomainGate>{(domain) => <TemplateList domain={domain} />}</WorkingDomainGate>;
}

function TemplateList({ domain }: { domain: WorkingDomain }) {
  const list = useTemplates(domain.did);
  const create = useCreateTemplate(domain.did);
  const remove = useDeleteTemplate(domain.did);
  const navigate = useNavigate();

  return (
    <ListScreen
      level={1}
      title="Templates"
      titleId="templates-title"
      intro={
        <>
          Handlebars templates of <strong>{domain.name}</strong>, with versions. Send with one by its name from the
          native, Mailgun or SendGrid API; the active version is used unless a version is named.
        </>
      }
      columns={COLUMNS}
      list={list}
      rowKey={(t) => t.tmplid}
      rowName={(t) => t.name}
      searchLabel="Search templates"
      emptyText="No templates yet."
      editTooltip={null}
      form={{
        addTitle: 'Add a template',
        addSubmitLabel: 'Create and edit',
        schema: templateCreate,
        values: () => ({ name: '', description: '', ...STARTER }),
        submit: async (body) => {
          const saved = await create.mutateAsync(body);
          await navigate(`/templates/${saved.tmplid}/edit`);
        },
        fields: ({ control }) => (
          <>
            <FormTextField
              control={control}
              name="name"
              label="Name"
              autoFocus
              helperText="What the sending APIs name: letters, digits and . _ -"
            />
            <FormTextField control={control} name="description" label="Description" />
          </>
        ),
      }}
      remove={{
        title: 'Delete template',
        message: (t) => `Delete ${t.name} and all its versions? Sending with it will be refused.`,
        run: (t) => remove.mutateAsync(t.tmplid),
      }}
    />
  );
}
