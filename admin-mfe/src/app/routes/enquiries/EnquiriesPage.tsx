import type { Enquiry } from '@vitrine/api-client';
import { ENQUIRY_SOURCE_LABELS, ENQUIRY_SOURCES, type EnquirySource } from '@vitrine/contracts';
import { Button, TextField, useToast, type DataTableColumn } from '@vitrine/ui';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../../../components/Icon';
import { ListFilter } from '../../../components/ListFilter';
import { ListScreen } from '../../../components/ListScreen';
import { RowActions } from '../../../components/RowActions';
import { errorMessage, isUnauthorized } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { adminPath } from '../../../lib/paths';
import { saveFile } from '../../../lib/save-file';
import { useDeleteFromList } from '../../../lib/use-confirm-delete';
import { useListParams } from '../../../lib/use-list-params';
import { deleteEnquiry } from '../../../features/enquiries/api/delete-enquiry';
import type { EnquiryQuery } from '../../../features/enquiries/api/enquiry-filters';
import { exportEnquiries } from '../../../features/enquiries/api/export-enquiries';
import { useEnquiries } from '../../../features/enquiries/api/get-enquiries';
import { refreshNewEnquiryCount } from '../../../features/enquiries/hooks/use-new-enquiry-count';
import { ContactLinks } from '../../../features/enquiries/components/ContactLinks';
import { EnquiryLanguage, localeOf } from '../../../features/enquiries/components/EnquiryLanguage';
import { useSiteLanguages } from '../../../lib/site-languages';
import './enquiries.css';
import {
  StatusBadge,
  STATUS_OPTIONS,
  isStoredStatus,
} from '../../../features/enquiries/components/status';

const DATE = /^\d{4}-\d{2}-\d{2}$/;

const SOURCE_OPTIONS = ENQUIRY_SOURCES.map((value) => ({
  value,
  label: ENQUIRY_SOURCE_LABELS[value],
}));

const fullName = (e: Enquiry) => `${e.FirstName} ${e.LastName}`.trim() || e.Email || 'Anonymous';

/** The project the enquiry was sent about (a service is named as one); nothing for a general one. */
function aboutName({ about }: Enquiry): string {
  if (!about) return '';
  return about.kind === 'product' ? about.name : `${about.name} (service)`;
}

/**
 * The message, or for a call-back request that came without one, what it is: an empty
 * "Message:" says nothing.
 */
export function EnquiryMessage({ enquiry }: { enquiry: Pick<Enquiry, 'Message' | 'source'> }) {
  if (enquiry.Message) return <span className="adm-clip">{enquiry.Message}</span>;
  if (enquiry.source === 'callback')
    return <span className="adm-enquiry__callback">Call-back request</span>;
  return null;
}

/** /admin/enquiries: the inbox of what visitors sent, newest first. */
export function EnquiriesPage() {
  const list = useListParams('-createdAt', ['status', 'source', 'from', 'to'] as const);
  const { status, source, from, to } = list.filters;
  const filters: EnquiryQuery = {
    ...(isStoredStatus(status) ? { status } : {}),
    ...((ENQUIRY_SOURCES as readonly string[]).includes(source)
      ? { source: source as EnquirySource }
      : {}),
    ...(DATE.test(from) ? { from } : {}),
    ...(DATE.test(to) ? { to } : {}),
  };
  const enquiries = useEnquiries({ ...list.query, ...filters });
  const toast = useToast();
  const deleteFromList = useDeleteFromList(list, enquiries);
  const [exporting, setExporting] = useState(false);
  const { languages, pending: languagesPending } = useSiteLanguages();

  // The badge in the menu follows what the inbox shows.
  useEffect(() => {
    if (enquiries.data) refreshNewEnquiryCount();
  }, [enquiries.data]);

  async function handleExport() {
    setExporting(true);
    try {
      const { blob, filename } = await exportEnquiries({
        sort: list.query.sort,
        q: list.q || undefined,
        ...filters,
      });
      saveFile(blob, filename);
      toast.success(`Exported ${filename}`);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The export failed: ${errorMessage(error)}`);
    } finally {
      setExporting(false);
    }
  }

  const columns: DataTableColumn<Enquiry>[] = [
    {
      key: 'createdAt',
      header: 'Received',
      sortable: true,
      className: 'adm-nowrap',
      width: '10.25rem',
      card: 'status',
      render: (e) => formatDateTime(e.createdAt),
    },
    {
      key: 'FirstName',
      header: 'Name',
      sortable: true,
      width: '10rem',
      card: 'title',
      render: (e) => (
        <Link
          className={`adm-link adm-enquiry-name${e.status === 'new' ? ' adm-enquiry--new' : ''}`}
          to={adminPath(`enquiries/${e._id}`)}
        >
          {e.status === 'new' && <span className="adm-enquiry__dot" aria-hidden="true" />}
          {fullName(e)}
          {e.status === 'new' && <span className="vt-visually-hidden"> (new)</span>}
        </Link>
      ),
    },
    {
      key: 'Email',
      header: 'Email',
      sortable: true,
      width: '14rem',
      card: 'hidden',
      optional: true,
    },
    // Phone, form and project are optional in the table (Call and WhatsApp, in Actions, dial
    // where it has no room) and shown on a phone's cards again (enquiries.css).
    {
      key: 'PhoneNumber',
      header: 'Phone',
      className: 'adm-nowrap',
      width: '9.5rem',
      optional: true,
    },
    {
      key: 'Message',
      header: 'Message',
      className: 'adm-col-text',
      width: '10rem',
      render: (e) => <EnquiryMessage enquiry={e} />,
    },
    {
      key: 'source',
      header: 'Form',
      width: '5.5rem',
      optional: true,
      render: (e) => ENQUIRY_SOURCE_LABELS[e.source] ?? e.source,
    },
    // The language the visitor wrote from, once the site has more than one.
    ...(languages.length > 1
      ? [
          {
            key: 'locale',
            header: 'Language',
            width: '6rem',
            optional: true,
            render: (e: Enquiry) => <EnquiryLanguage locale={localeOf(e)} />,
          },
        ]
      : []),
    {
      key: 'about',
      header: 'Project',
      width: '9rem',
      optional: true,
      render: (e) => aboutName(e),
    },
    {
      key: 'status',
      header: 'Status',
      sortable: true,
      width: '6rem',
      card: 'status',
      render: (e) => <StatusBadge status={e.status} />,
    },
    {
      key: 'actions',
      header: 'Actions',
      className: 'adm-actions-cell',
      // Call, WhatsApp and Delete, on one line.
      width: '18.5rem',
      card: 'actions',
      render: (e) => (
        <RowActions
          name={`the enquiry from ${fullName(e)}`}
          onDelete={() =>
            deleteFromList({
              title: `Delete the enquiry from ${fullName(e)}?`,
              message: 'The enquiry and its note are removed. This cannot be undone.',
              run: () => deleteEnquiry(e._id),
              done: 'Enquiry deleted',
              onDone: refreshNewEnquiryCount,
            })
          }
        >
          <ContactLinks enquiry={e} name={fullName(e)} />
        </RowActions>
      ),
    },
  ];

  return (
    <ListScreen
      title="Enquiries"
      description="Messages from the contact page and call-back requests. New ones are highlighted."
      actions={
        <Button variant="secondary" busy={exporting} onClick={() => void handleExport()}>
          <Icon name="download" size={18} />
          Export CSV
        </Button>
      }
      list={list}
      searchLabel="Search enquiries"
      filters={
        <>
          <ListFilter
            list={list}
            name="status"
            label="Status"
            placeholder="All but spam"
            options={STATUS_OPTIONS}
          />
          <ListFilter
            list={list}
            name="source"
            label="Form"
            placeholder="Both forms"
            options={SOURCE_OPTIONS}
          />
          <TextField
            label="From"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(event) => list.setFilter('from', event.target.value)}
          />
          <TextField
            label="To"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(event) => list.setFilter('to', event.target.value)}
          />
        </>
      }
      tableClassName="adm-enquiries"
      settling={languagesPending}
      columns={columns}
      state={enquiries}
      rowKey={(e) => e._id}
      filtered={Object.keys(filters).length > 0}
      emptyTitle="No enquiries yet"
    />
  );
}
