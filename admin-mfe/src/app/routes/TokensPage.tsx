import type { ApiToken, ApiTokenWithSecret } from '@vitrine/api-client';
import { API_TOKEN_ENTITIES, API_TOKEN_ENTITY_NAMES } from '@vitrine/contracts';
import {
  bindField,
  Button,
  Checkbox,
  DataTable,
  EmptyState,
  Fieldset,
  FormError,
  SelectField,
  TextArea,
  TextField,
  useConfirm,
  useToast,
  type DataTableColumn,
} from '@vitrine/ui';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormActions } from '../../components/FormActions';
import { PageHeader } from '../../components/PageHeader';
import { QueryStatus } from '../../components/QueryStatus';
import { SecretOnce } from '../../components/SecretOnce';
import { errorMessage, isUnauthorized } from '../../lib/errors';
import { formatDateTime } from '../../lib/format';
import { useCheckedForm } from '../../lib/forms/use-checked-form';
import { createToken } from '../../features/tokens/api/create-token';
import { tokensQueryOptions, useTokens } from '../../features/tokens/api/get-tokens';
import { renewToken } from '../../features/tokens/api/renew-token';
import { revokeToken } from '../../features/tokens/api/revoke-token';
import {
  ENTITY_LABELS,
  initialTokenValues,
  rightsSummary,
  tokenBody,
  validateToken,
  type TokenValues,
} from '../../features/tokens/components/token-form';
import '../../components/list-table.css';
import './tokens-page.css';

const FIELD_RANK: Record<string, number> = {
  name: 1,
  rights: 2,
  expiresInDays: 3,
  allowedAddresses: 4,
};
const fieldId = (path: string) => `token-${path}`;

/**
 * /admin/tokens: credentials for programs (a catalogue sync, a marketplace feed), each with
 * its own rights, expiry and allowed addresses. A secret is shown once, when it is made.
 */
export function TokensPage() {
  const tokens = useTokens();
  const [secret, setSecret] = useState<ApiTokenWithSecret | null>(null);
  const queryClient = useQueryClient();
  const refresh = () => queryClient.invalidateQueries(tokensQueryOptions());

  return (
    <>
      <PageHeader
        title="API tokens"
        description="Let other programs read or change the site's content through the API. A token never reaches users, tokens, backups, the audit log or the trash."
      />
      {secret && (
        <SecretOnce
          label="New API token"
          title={`The token “${secret.name}”`}
          hint={
            <>
              Send it as <code className="adm-code">Authorization: Bearer …</code>
            </>
          }
          secret={secret.token}
          noun="token"
          testId="token-secret"
          onDone={() => setSecret(null)}
        />
      )}
      <CreateTokenForm
        onCreated={(created) => {
          setSecret(created);
          void refresh();
        }}
      />
      {!tokens.data ? (
        <QueryStatus query={tokens} what="the API tokens" />
      ) : (
        <TokensTable
          tokens={tokens.data}
          onRenewed={(renewed) => {
            setSecret(renewed);
            void refresh();
          }}
          onRevoked={() => void refresh()}
        />
      )}
    </>
  );
}

function CreateTokenForm({ onCreated }: { onCreated(token: ApiTokenWithSecret): void }) {
  const toast = useToast();
  const form = useCheckedForm<TokenValues>({
    defaultValues: initialTokenValues(),
    rules: validateToken,
    failure: 'The token was not created',
    pathOf: (field) => (field in FIELD_RANK ? (field as keyof TokenValues) : undefined),
    onRefused: (error) => toast.error(`The token was not created: ${errorMessage(error)}`),
  });
  const bind = (name: keyof TokenValues) => bindField(form, name, fieldId(name));
  const access = form.watch('access');
  const rightsError = form.formState.errors.rights?.message as string | undefined;

  const handleSubmit = form.submitWith(async (values) => {
    const created = await createToken(tokenBody(values));
    toast.success(`Token “${created.name}” created`);
    form.reset(initialTokenValues());
    onCreated(created);
  });
  const summary = form.summary((path) => ({ fieldId: fieldId(path), rank: FIELD_RANK[path] }));

  return (
    <form
      className="adm-form adm-card"
      noValidate
      onSubmit={handleSubmit}
      aria-label="New API token"
    >
      <h2 className="adm-form-section__title">New token</h2>
      <FormError
        title="The token was not created"
        message={summary.length === 0 ? form.message : undefined}
        errors={summary}
      />
      <div className="adm-form__grid">
        <TextField
          label="Name"
          hint="What uses it, e.g. Catalogue sync"
          required
          autoComplete="off"
          maxLength={80}
          {...bind('name')}
        />
        <SelectField
          label="Access"
          options={[
            { value: 'read-only', label: 'Read-only: read everything' },
            { value: 'full', label: 'Full access: read, write and publish everything' },
            { value: 'custom', label: 'Custom: choose per entity' },
          ]}
          {...bind('access')}
        />
        <SelectField
          label="Expires"
          options={[
            { value: '7', label: 'In 7 days' },
            { value: '30', label: 'In 30 days' },
            { value: '90', label: 'In 90 days' },
            { value: 'never', label: 'Never' },
          ]}
          {...bind('expiresInDays')}
        />
        <TextArea
          label="Allowed addresses"
          hint="IP addresses or CIDR ranges, one a line; empty for anywhere"
          rows={2}
          spellCheck={false}
          {...bind('allowedAddresses')}
        />
      </div>
      {access === 'custom' && (
        <Fieldset
          legend="Rights"
          hint="Publish lets it publish, unpublish and schedule; without it, it saves drafts"
          error={rightsError}
          id={fieldId('rights')}
        >
          <div className="adm-token-rights">
            {API_TOKEN_ENTITY_NAMES.map((entity) => (
              <div key={entity} className="adm-token-rights__row">
                <span className="adm-token-rights__entity">{ENTITY_LABELS[entity]}</span>
                {API_TOKEN_ENTITIES[entity].map((right) => (
                  <Checkbox
                    key={right}
                    label={right}
                    aria-label={`${ENTITY_LABELS[entity]}: ${right}`}
                    {...form.register(`rights.${entity}.${right}`)}
                  />
                ))}
              </div>
            ))}
          </div>
        </Fieldset>
      )}
      <FormActions busy={form.formState.isSubmitting} saveLabel="Create token" />
    </form>
  );
}

function TokensTable({
  tokens,
  onRenewed,
  onRevoked,
}: {
  tokens: ApiToken[];
  onRenewed(token: ApiTokenWithSecret): void;
  onRevoked(): void;
}) {
  const confirm = useConfirm();
  const toast = useToast();

  async function renew(token: ApiToken) {
    const yes = await confirm({
      title: `Renew the token “${token.name}”?`,
      message:
        'It gets a new secret and a new expiry; programs using the old secret are refused from now on.',
      confirmLabel: 'Renew',
    });
    if (!yes) return;
    try {
      onRenewed(await renewToken(token.id));
      toast.success(`Token “${token.name}” renewed`);
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The token was not renewed: ${errorMessage(error)}`);
    }
  }

  async function revoke(token: ApiToken) {
    const yes = await confirm({
      title: `Revoke the token “${token.name}”?`,
      message: 'Programs using it are refused from their next request. This cannot be undone.',
      confirmLabel: 'Revoke',
      tone: 'danger',
    });
    if (!yes) return;
    try {
      await revokeToken(token.id);
      toast.success(`Token “${token.name}” revoked`);
      onRevoked();
    } catch (error) {
      if (!isUnauthorized(error)) toast.error(`The token was not revoked: ${errorMessage(error)}`);
    }
  }

  const columns: DataTableColumn<ApiToken>[] = [
    { key: 'name', header: 'Name', card: 'title', render: (token) => token.name },
    {
      key: 'prefix',
      header: 'Token',
      className: 'adm-nowrap',
      render: (token) => <code className="adm-code">{token.prefix}…</code>,
    },
    { key: 'rights', header: 'Rights', render: (token) => rightsSummary(token.rights) },
    {
      key: 'expiresAt',
      header: 'Expires',
      className: 'adm-nowrap',
      render: (token) => (token.expiresAt ? formatDateTime(token.expiresAt) : 'Never'),
    },
    {
      key: 'lastUsedAt',
      header: 'Last used',
      className: 'adm-nowrap',
      render: (token) => (token.lastUsedAt ? formatDateTime(token.lastUsedAt) : 'Not yet'),
    },
    {
      key: 'actions',
      header: 'Actions',
      card: 'actions',
      render: (token) => (
        <div className="adm-token-actions">
          <Button
            variant="secondary"
            onClick={() => void renew(token)}
            aria-label={`Renew ${token.name}`}
          >
            Renew
          </Button>
          <Button
            variant="danger"
            onClick={() => void revoke(token)}
            aria-label={`Revoke ${token.name}`}
          >
            Revoke
          </Button>
        </div>
      ),
    },
  ];

  // `adm-list`: laid out as the list screens are, each row a card on a phone.
  return (
    <div className="adm-list adm-token-list">
      <DataTable
        caption="API tokens"
        captionHidden
        columns={columns}
        rows={tokens}
        rowKey={(token) => token.id}
        emptyState={<EmptyState title="No API tokens yet">Create one above.</EmptyState>}
      />
    </div>
  );
}
