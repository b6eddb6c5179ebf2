import type { EnquiryDetail } from '@vitrine/api-client';
import { ENQUIRY_SOURCE_LABELS, type EnquiryStoredStatus } from '@vitrine/contracts';
import { Button, FormError, linkButtonClass, SelectField, TextArea, useToast } from '@vitrine/ui';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { BackLink } from '../../../components/BackLink';
import { Badge, type BadgeTone } from '../../../components/Badge';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { errorMessage } from '../../../lib/errors';
import { useCheckedForm } from '../../../lib/forms/use-checked-form';
import { formatDateTime } from '../../../lib/format';
import { adminPath } from '../../../lib/paths';
import { useConfirmDelete } from '../../../lib/use-confirm-delete';
import { deleteEnquiry } from '../../../features/enquiries/api/delete-enquiry';
import { useEnquiry } from '../../../features/enquiries/api/get-enquiry';
import { updateEnquiry } from '../../../features/enquiries/api/update-enquiry';
import { refreshNewEnquiryCount } from '../../../features/enquiries/hooks/use-new-enquiry-count';
import { emailReply, whatsappReply } from '../../../features/enquiries/reply';
import { EnquiryLanguage, localeOf } from '../../../features/enquiries/components/EnquiryLanguage';
import './enquiries.css';
import { StatusBadge, STATUS_OPTIONS } from '../../../features/enquiries/components/status';

const LIST = adminPath('enquiries');

interface HandlingValues {
  status: EnquiryStoredStatus;
  note: string;
}

/** /admin/enquiries/:id: one enquiry, its status and internal note, and its mail. */
export function EnquiryPage() {
  const { id } = useParams();
  const enquiry = useEnquiry(id);
  if (!enquiry.data) {
    return (
      <>
        <PageHeader title="Enquiry" back={<BackLink to={LIST}>Back to enquiries</BackLink>} />
        <QueryStatus query={enquiry} what="the enquiry" />
      </>
    );
  }
  return <EnquiryView key={enquiry.data._id} enquiry={enquiry.data} onChanged={enquiry.refetch} />;
}

function EnquiryView({ enquiry, onChanged }: { enquiry: EnquiryDetail; onChanged(): void }) {
  const navigate = useNavigate();
  const toast = useToast();
  const confirmDelete = useConfirmDelete();
  const form = useCheckedForm<HandlingValues>({
    defaultValues: { status: enquiry.status, note: enquiry.note ?? '' },
    // Any status of the list and any note will do; the API checks the note's length.
    rules: () => ({}),
    failure: 'The enquiry was not updated',
    pathOf: (apiField) => (apiField === 'status' || apiField === 'note' ? apiField : undefined),
    onRefused: (error) =>
      toast.error(`The enquiry was not updated: ${errorMessage(error)}`, { topic: 'enquiry' }),
  });
  const { register, formState, getValues, resetField } = form;
  const name = `${enquiry.FirstName} ${enquiry.LastName}`.trim() || 'Anonymous';

  // Opening a new enquiry is reading it: it stops counting as new, here and in the menu.
  const markedRead = useRef(false);
  useEffect(() => {
    if (enquiry.status !== 'new' || markedRead.current) return;
    markedRead.current = true;
    updateEnquiry(enquiry._id, { status: 'read' }).then(
      () => {
        // Read is where the status now starts from, unless it was changed meanwhile.
        if (getValues('status') === 'new') resetField('status', { defaultValue: 'read' });
        refreshNewEnquiryCount();
        onChanged();
      },
      () => undefined, // still new; the administrator can set the status by hand
    );
  }, [enquiry._id, enquiry.status, onChanged, getValues, resetField]);

  const handleSubmit = form.submitWith(async (values) => {
    await updateEnquiry(enquiry._id, values);
    // What was saved is the new starting point: Save waits for the next change.
    form.reset(values);
    toast.success('Enquiry updated', { topic: 'enquiry' });
    refreshNewEnquiryCount();
    onChanged();
  });

  return (
    <>
      <PageHeader
        title={`Enquiry from ${name}`}
        description={
          <>
            Received {formatDateTime(enquiry.createdAt)} through the{' '}
            {ENQUIRY_SOURCE_LABELS[enquiry.source].toLowerCase()} ·{' '}
            {localeOf(enquiry) && (
              <>
                written in <EnquiryLanguage locale={localeOf(enquiry)} /> ·{' '}
              </>
            )}
            <StatusBadge status={enquiry.status} />
          </>
        }
        back={<BackLink to={LIST}>Back to enquiries</BackLink>}
        actions={
          <Button
            variant="secondary"
            className="adm-danger-outline"
            onClick={() =>
              void confirmDelete({
                title: `Delete the enquiry from ${name}?`,
                message: 'The enquiry and its note are removed. This cannot be undone.',
                run: () => deleteEnquiry(enquiry._id),
                done: 'Enquiry deleted',
                onDone: () => {
                  refreshNewEnquiryCount();
                  navigate(LIST);
                },
              })
            }
          >
            Delete
          </Button>
        }
      />
      <div className="adm-enquiry">
        <section className="adm-card" aria-labelledby="enquiry-message">
          <h2 id="enquiry-message">Message</h2>
          <dl className="adm-enquiry__facts">
            <dt>Name</dt>
            <dd>{name}</dd>
            <dt>Email</dt>
            <dd>
              {enquiry.Email ? (
                <a className="adm-link" href={`mailto:${enquiry.Email}`}>
                  {enquiry.Email}
                </a>
              ) : (
                '—'
              )}
            </dd>
            {enquiry.about && (
              <>
                <dt>About</dt>
                <dd>
                  <AboutLinks about={enquiry.about} />
                </dd>
              </>
            )}
            <dt>Phone</dt>
            <dd>
              {enquiry.PhoneNumber ? (
                <a className="adm-link" href={`tel:${enquiry.PhoneNumber.replace(/[^\d+]/g, '')}`}>
                  {enquiry.PhoneNumber}
                </a>
              ) : (
                '—'
              )}
            </dd>
          </dl>
          <p className="adm-enquiry__message">{enquiry.Message || 'No message.'}</p>
          <ReplyLinks enquiry={enquiry} />
        </section>
        <div className="adm-enquiry__side">
          <form className="adm-card" noValidate onSubmit={handleSubmit}>
            <h2>Handling</h2>
            <FormError title="The enquiry was not updated" message={form.message} />
            <SelectField
              id="enquiry-status"
              label="Status"
              options={STATUS_OPTIONS}
              error={formState.errors.status?.message}
              {...register('status')}
            />
            <TextArea
              id="enquiry-note"
              label="Internal note"
              hint="Only administrators see it"
              rows={4}
              maxLength={2000}
              error={formState.errors.note?.message}
              {...register('note')}
            />
            <Button type="submit" busy={formState.isSubmitting} disabled={!formState.isDirty}>
              Save changes
            </Button>
          </form>
          <MailState enquiry={enquiry} />
        </div>
      </div>
    </>
  );
}

const ABOUT_PATHS = {
  product: { page: 'singleproject', edit: 'edit-product' },
  service: { page: 'singleservice', edit: 'edit-service' },
} as const;

/** The product or service the enquiry came from: its public page, and its edit screen. */
function AboutLinks({ about }: { about: NonNullable<EnquiryDetail['about']> }) {
  const paths = ABOUT_PATHS[about.kind];
  return (
    <>
      <a className="adm-link" href={`/${paths.page}/${encodeURIComponent(about.slug)}`}>
        {about.name}
      </a>{' '}
      ({about.kind} ·{' '}
      <Link className="adm-link" to={adminPath(`${paths.edit}/${about.id}`)}>
        edit
      </Link>
      )
    </>
  );
}

/** Answer the visitor where they are: WhatsApp or mail, the enquiry quoted. */
function ReplyLinks({ enquiry }: { enquiry: EnquiryDetail }) {
  const whatsapp = whatsappReply(enquiry);
  const email = emailReply(enquiry);
  if (!whatsapp && !email) return null;
  return (
    <div className="adm-enquiry__replies">
      {whatsapp && (
        <a
          className={linkButtonClass('primary')}
          href={whatsapp}
          target="_blank"
          rel="noopener noreferrer"
        >
          Reply on WhatsApp
        </a>
      )}
      {email && (
        <a className={linkButtonClass('secondary')} href={email}>
          Reply by e-mail
        </a>
      )}
    </div>
  );
}

const MAIL_LABELS = { pending: 'Waiting to send', sent: 'Sent', failed: 'Failed' } as const;
const MAIL_TONES = {
  pending: 'warning',
  sent: 'success',
  failed: 'danger',
} as const satisfies Record<keyof typeof MAIL_LABELS, BadgeTone>;

function MailState({ enquiry }: { enquiry: EnquiryDetail }) {
  const mail = enquiry.mail;
  return (
    <section className="adm-card" aria-labelledby="enquiry-mail">
      <h2 id="enquiry-mail">Notification mail</h2>
      {!mail ? (
        <p className="adm-muted">
          {enquiry.status === 'spam'
            ? 'Spam is never mailed.'
            : 'No notification mail for this enquiry.'}
        </p>
      ) : !mail.configured && mail.status !== 'sent' ? (
        <p data-testid="mail-state">
          <Badge tone="warning">Not set up</Badge> Mail is not set up: nothing will be sent. The
          enquiry is kept here; ask whoever runs the server to set SMTP_URL and ENQUIRY_NOTIFY_TO,
          and it is mailed then.
        </p>
      ) : (
        <dl className="adm-enquiry__facts" data-testid="mail-state">
          <dt>State</dt>
          <dd>
            <Badge tone={MAIL_TONES[mail.status]}>{MAIL_LABELS[mail.status]}</Badge>
          </dd>
          <dt>Attempts</dt>
          <dd>{mail.attempts}</dd>
          {mail.sentAt && (
            <>
              <dt>Sent</dt>
              <dd>{formatDateTime(mail.sentAt)}</dd>
            </>
          )}
          {mail.status === 'pending' && mail.nextAttemptAt && (
            <>
              <dt>Next try</dt>
              <dd>{formatDateTime(mail.nextAttemptAt)}</dd>
            </>
          )}
          {mail.lastError && (
            <>
              <dt>Last error</dt>
              <dd>{mail.lastError}</dd>
            </>
          )}
        </dl>
      )}
    </section>
  );
}
