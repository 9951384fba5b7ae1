import { ErrorNotice } from '../../../components/ErrorNotice.tsx';
import { Loading } from '../../../components/Loading.tsx';
import { useHolds } from '../../auth/api/auth.ts';
import { useConnectGoogle, useDisconnect, useDriveConnection } from '../api/drive.ts';

/**
 * Which drive sends read from: the built-in one, or Google Drive once connected (and how it went). Owners
 * connect and disconnect it (`account:admin`); other members see which it is.
 */
export function DriveConnection() {
  const canAdminister = useHolds('account:admin');
  const connection = useDriveConnection();
  const connect = useConnectGoogle();
  const disconnect = useDisconnect();
  // Where Google's consent page sends the browser back (through the API's callback).
  const params = new URLSearchParams(location.search);
  const oauthError = params.get('error') ? (params.get('message') ?? params.get('error')) : null;

  return (
    <>
      {params.get('connected') === 'gdrive' ? (
        <p className="notice ok" role="status">
          Google Drive is connected.
        </p>
      ) : null}
      {oauthError ? (
        <p className="notice error" role="alert">
          Google Drive was not connected: {oauthError}
        </p>
      ) : null}
      <section className="card stack" aria-labelledby="drive-connection">
        <h2 id="drive-connection">Connected drive</h2>
        {connection.isPending ? <Loading /> : null}
        {connection.data?.provider === 'gdrive' ? (
          <div className="row">
            <p>
              Google Drive{connection.data.account ? ` (${connection.data.account})` : ''}: sends read files
              by their Google Drive file id.
            </p>
            {canAdminister ? (
              <button type="button" className="danger" onClick={() => disconnect.mutate()}>
                Disconnect
              </button>
            ) : null}
          </div>
        ) : connection.data ? (
          <div className="row">
            <p>The built-in drive: upload PDFs here and send them by their cloudFileId.</p>
            {connection.data.googleOauthAvailable && canAdminister ? (
              <button
                type="button"
                onClick={() =>
                  connect.mutate(undefined, { onSuccess: (r) => location.assign(r.authorizationUrl) })
                }
              >
                Connect Google Drive
              </button>
            ) : null}
          </div>
        ) : null}
        {connection.data && !canAdminister ? (
          <p className="muted">Only an owner can connect or disconnect a drive.</p>
        ) : null}
        <ErrorNotice error={connection.error ?? connect.error ?? disconnect.error} />
      </section>
    </>
  );
}
