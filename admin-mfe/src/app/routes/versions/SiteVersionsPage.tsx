import { DEFAULT_ENVIRONMENT } from '@vitrine/contracts';
import { EmptyState } from '@vitrine/ui';
import { PageHeader } from '../../../components/PageHeader';
import { QueryStatus } from '../../../components/QueryStatus';
import { useDeployments } from '../../../features/deployments/api/get-deployments';
import { RemoteVersions } from '../../../features/deployments/components/RemoteVersions';
import './site-versions.css';

/** The environment the screen shows: the one visitors are served. */
const ENVIRONMENT = DEFAULT_ENVIRONMENT;

/**
 * /admin/versions: for the public site and the admin area, the version visitors are served
 * and since when, the version chosen while the shells check it, and the way back: a rollback
 * to the version before, or any published version served again. While the shells check a
 * version, the screen reads again every few seconds, so the switch shows as it happens.
 */
export function SiteVersionsPage() {
  const deployments = useDeployments(ENVIRONMENT);
  const remotes = deployments.data;
  const nothingPublished =
    remotes?.every((remote) => !remote.current && remote.versions.length === 0) ?? false;

  return (
    <>
      <PageHeader
        title="Site versions"
        description="Which version of the public site and of the admin area visitors get in production, and the way back to an earlier one. A version chosen here is served once the shells have checked it."
      />
      {!remotes ? (
        <QueryStatus query={deployments} what="the site versions" />
      ) : nothingPublished ? (
        <EmptyState title="Nothing published yet">
          See ‘Deploying a remote’ in the README.
        </EmptyState>
      ) : (
        <div className="adm-site-versions">
          {remotes.map((remote) => (
            <RemoteVersions key={remote.remote} remote={remote} environment={ENVIRONMENT} />
          ))}
        </div>
      )}
    </>
  );
}
